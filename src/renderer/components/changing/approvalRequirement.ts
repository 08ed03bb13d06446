import { roleApprovalMine } from '../../../shared/contract/approvals/processes'
import { callHub } from '../../api/hub'
import { sessionStore } from '../../state/session'

/**
 * Whether the signed-in user's changes of hub configuration go to review (issue 19): the hub
 * answers with the change gate's own rule (GET /process/roleApproval/mine), asked once per
 * session. The answer is kept with the session's user object, which every sign-in replaces, so
 * signing in (as anyone) asks again. Kept out of state/session.ts so the first chunk does not
 * carry the approvals contract.
 */
let cached: { user: object; answer: Promise<boolean> } | null = null

export function approvalRequired(): Promise<boolean> {
  const user = sessionStore.get().user
  if (!user) return Promise.resolve(false)
  if (cached?.user !== user) {
    const answer = callHub(roleApprovalMine, undefined, { quiet: true }).then((r) => {
      // Not known (an older hub, a failed call): save as before; the hub still submits the
      // change if it must (2020), and the next save asks again.
      if (!r.ok) cached = null
      return r.ok && r.data.required
    })
    cached = { user, answer }
  }
  return cached.answer
}

/** After this console changed a role's switch, or in tests: the next save asks the hub again. */
export function forgetApprovalRequirement(): void {
  cached = null
}
