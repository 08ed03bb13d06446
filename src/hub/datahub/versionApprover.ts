import { AsyncLocalStorage } from 'node:async_hooks'

const current = new AsyncLocalStorage<string>()

/**
 * Runs `work` — an approved change replayed through its object's normal save, as its submitter
 * (approvals/changes/apply.ts) — with the version records it writes naming who approved it. The
 * save's handler is the ordinary one and knows nothing of approvals, so the name rides along with
 * the call instead of through every save's arguments.
 */
export const withApprover = <T>(approvedBy: string, work: () => Promise<T>): Promise<T> => current.run(approvedBy, work)

/** Who approved the change being saved now; null for an ordinary save. */
export const approverNow = (): string | null => current.getStore() ?? null
