import type { ChangeAction } from './process'

/** A change's action as a reader is told it: a status change is either an enable or a disable. */
export type ShownAction = Exclude<ChangeAction, 'status'> | 'enable' | 'disable'

/**
 * Issue 43: "启用/停用消费者：X" asked the reader to guess; the record as the change leaves it
 * says which (status '1' is enabled; a consumer's '2', like '0', is disabled).
 */
export function shownAction(action: ChangeAction, after: Record<string, unknown> | null | undefined): ShownAction {
  if (action !== 'status') return action
  return after?.status === '1' ? 'enable' : 'disable'
}
