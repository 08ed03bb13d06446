import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type * as logs from '../../shared/contract/platform/logs'
import type { PushedEvent } from '../../shared/contract/platform/logs'
import type { BehaviourEvent } from '../../shared/contract/platform/startup'
import { isoNow, newId } from '../store/ids'
import { dayRange } from '../store/dayRange'
import { containsText } from '../store/like'
import { page } from '../store/paging'
import type { HubDatabase } from '../store/schema'

/** The spec's client error-log entries travel as behaviour events of this type. */
export const CLIENT_ERROR_TYPE = 'error'
/** The parameter that turns the client error log on ('1'). */
export const CLIENT_ERROR_LOG_PARAMETER = 'error.log'

type ErrorQuery = z.output<typeof logs.clientErrorLogList.input>
type BehaviourQuery = z.output<typeof logs.behaviourEventList.input>

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

  /**
   * A page of client errors (`errors`) or of the other events, newest received first, with the
   * sender's username: by user, text (info, err, url) and day; behaviour events also by type and
   * page (the url or info).
   */
  list(db: Kysely<HubDatabase>, kind: 'errors' | 'behaviour', q: ErrorQuery & Partial<Pick<BehaviourQuery, 'type' | 'page'>>) {
    let query = db
      .selectFrom('behaviour_events')
      .innerJoin('users', 'users.id', 'behaviour_events.user_id')
      .select(['behaviour_events.id', 'behaviour_events.type', 'behaviour_events.info', 'behaviour_events.err', 'behaviour_events.vm', 'behaviour_events.url', 'behaviour_events.time', 'behaviour_events.received_at', 'users.username'])
    query = kind === 'errors' ? query.where('behaviour_events.type', '=', CLIENT_ERROR_TYPE) : query.where('behaviour_events.type', '!=', CLIENT_ERROR_TYPE)
    if (q.user) query = query.where(containsText('users.username', q.user))
    if (q.type) query = query.where('behaviour_events.type', '=', q.type)
    if (q.page) {
      const text = q.page
      query = query.where((eb) => eb.or([containsText('behaviour_events.url', text), containsText('behaviour_events.info', text)]))
    }
    if (q.keyword) {
      const text = q.keyword
      query = query.where((eb) => eb.or([containsText('behaviour_events.info', text), containsText('behaviour_events.err', text), containsText('behaviour_events.url', text)]))
    }
    const { from, until } = dayRange(q)
    if (from) query = query.where('behaviour_events.received_at', '>=', from)
    if (until) query = query.where('behaviour_events.received_at', '<', until)
    return page(query.orderBy('behaviour_events.received_at', 'desc').orderBy('behaviour_events.id', 'desc'), q, (rows) =>
      rows.map((r): PushedEvent => ({ id: r.id, type: r.type, info: r.info ?? '', err: r.err ?? '', vm: r.vm ?? '', user: r.username, url: r.url ?? '', time: r.time, receivedAt: r.received_at })),
    )
  },

  /** Drops events received before `before`. */
  async purge(db: Kysely<HubDatabase>, before: string): Promise<void> {
    await db.deleteFrom('behaviour_events').where('received_at', '<', before).execute()
  },
}
