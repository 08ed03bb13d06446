import type { EventBus } from '../kernel/events'
import type { Refusal } from '../kernel/refusal'
import type { Store } from '../store'
import type { Ending, Outcome } from './queue/deliveries'
import type { DeliveryRow, RuntimeDb } from './tables'

/**
 * What the exchange runtime announces, each after its own commit, for the areas that react to
 * it (the alarms: alarms/subscribe.ts) without the runtime calling them. A listener that fails
 * fails nothing here: the emitter logs it and goes on.
 */
export interface RuntimeEvents {
  /** Tries the delivery worker ended together; `recorded[i]` undefined: that delivery was no longer held. */
  triesEnded: { db: RuntimeDb; endings: readonly Ending[]; recorded: readonly (DeliveryRow | undefined)[] }
  /** The try of a pulled delivery ended (reported by the application, or its lease ran out) and was recorded. */
  pulledTryEnded: { db: RuntimeDb; consumerId: string; outcome: Outcome; now: number }
  /** A scheduled run ended failed (after its retries) or succeeded. */
  runEnded: { db: RuntimeDb; runId: string; state: 'failed' | 'succeeded'; error: string; now: number }
  /** A push (HTTP, WebSocket or an mq listener) was refused; on the push path, so listeners keep it cheap. */
  pushRefused: { store: Store; producerId: string; refusal: Refusal }
  /** The delivery worker's pass, before it sends the outbox: what a listener writes there goes out in this pass. */
  deliveryPass: { store: Store; now: number }
}

/**
 * The bus they travel on: one per hub context (HubContext.events), made and subscribed where the
 * hub is composed (app.ts hubContext), and handed to what announces. Not one per process: a
 * worker built without the hub's bus could not then go on unheard, and two hubs in one process
 * (tests, a bench) do not hear each other. Listeners get the store or database in each event.
 */
export type RuntimeBus = EventBus<RuntimeEvents>
