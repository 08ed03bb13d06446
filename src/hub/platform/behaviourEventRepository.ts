import type { Kysely } from 'kysely'
import type { BehaviourEvent } from '../../shared/contract/platform/startup'
import { isoNow, newId } from '../store/ids'
import type { HubDatabase } from '../store/schema'

/** Behaviour and client-error events the console pushes, kept with the user who sent them. */
export const behaviourEventRepository = {
  /** Adds a batch, all received now. */
  async add(db: Kysely<HubDatabase>, userId: string, events: readonly BehaviourEvent[]): Promise<void> {
    if (events.length === 0) return
    const receivedAt = isoNow()
    await db
      .insertInto('behaviour_events')
      .values(events.map((e) => ({
        id: newId(),
        user_id: userId,
        type: e.type,
        info: e.info ?? null,
        err: e.err ?? null,
        vm: e.vm ?? null,
        url: e.url ?? null,
        time: e.time,
        received_at: receivedAt,
      })))
      .execute()
  },
}
