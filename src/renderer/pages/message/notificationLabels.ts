import { CANCELLABLE_STATES, DISCARDABLE_STATES, PROCESSABLE_STATES, RETRYABLE_STATES, type OutboxAction, type OutboxState } from '../../../shared/rules/alarms/outbox'
import type { Notification } from '../../../shared/contract/alarms/notifications'

/** Badge colours of outbox states (Fluent's named colours, no raw ones). */
export const STATE_COLOR: Record<OutboxState, 'informative' | 'brand' | 'success' | 'danger' | 'warning' | 'subtle'> = {
  pending: 'informative',
  sending: 'brand',
  scheduled: 'informative',
  sent: 'success',
  failed: 'danger',
  discarded: 'subtle',
  processed: 'success',
}

/**
 * The actions a row offers, by the states the hub applies them to (shared/rules/alarms/outbox.ts).
 * A scheduled notice is cancelled, not discarded (the same change, the spec's word for it); an
 * expired one is never offered a retry: the hub would refuse it ("send time expired").
 */
export function actionsFor(n: Pick<Notification, 'state' | 'expired'>): OutboxAction[] {
  const in_ = (states: readonly OutboxState[]) => states.includes(n.state)
  const out: OutboxAction[] = []
  if (in_(RETRYABLE_STATES) && !n.expired) out.push('retry')
  if (in_(CANCELLABLE_STATES)) out.push('cancel')
  else if (in_(DISCARDABLE_STATES)) out.push('discard')
  if (in_(PROCESSABLE_STATES)) out.push('process')
  return out
}
