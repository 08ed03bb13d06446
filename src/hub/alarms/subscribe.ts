import type { RuntimeBus } from '../runtime/events'
import { evaluateAlarms } from './evaluate'
import { recordPulledTryEvent, recordRunEvent, recordTryEvents } from './events'
import { countRefusal } from './watch/refusals'

const subscribed = new WeakSet<RuntimeBus>()

/**
 * The alarms hear of the runtime's work through its events (runtime/events.ts), so the runtime
 * imports no alarm: failed tries and ended runs become rows of dh_alarm_events, refused pushes
 * are counted in memory, and each delivery pass evaluates the rules first, so a notice they write
 * goes out in the same pass. Called where the hub is composed (app.ts hubContext, on the bus it
 * makes for the context); once per bus.
 */
export function subscribeAlarms(events: RuntimeBus): void {
  if (subscribed.has(events)) return
  subscribed.add(events)
  events.on('triesEnded', ({ db, endings, recorded }) => recordTryEvents(db, endings, recorded))
  events.on('pulledTryEnded', ({ db, consumerId, outcome, now }) => (outcome.kind === 'delivered' ? undefined : recordPulledTryEvent(db, consumerId, outcome, now)))
  events.on('runEnded', ({ db, runId, state, error, now }) => recordRunEvent(db, runId, state, error, now))
  events.on('pushRefused', ({ store, producerId, refusal }) => countRefusal(store, producerId, refusal))
  events.on('deliveryPass', ({ store, now }) => evaluateAlarms({ store }, now))
}
