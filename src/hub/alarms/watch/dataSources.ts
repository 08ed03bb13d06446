import { testConnection } from '../../datahub/dataSources/connect'
import { sourceSpec } from '../../datahub/dataSources/specs'
import type { HubContext } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { isoNow } from '../../store/ids'
import type { RuleSettings } from '../rules'
import { alarmDb, type AlarmDb } from '../tables'
import { settle } from './conditions'
import { sourceUsers } from './sourceUsers'
import { encodeText } from '../../text/keyedText'

const ENABLED = '1'

export interface SourceChecks {
  /** Starts the checks that are due (each enabled source a producer or consumer uses, every period), without waiting for them. */
  startDue(settings: RuleSettings, now: number): Promise<void>
  /** Resolves once the checks under way ended (tests, and stopping). */
  idle(): Promise<void>
}

/**
 * datasource_check: the connection test of the console's "test" button (connect/), run
 * periodically. A source is checked at most once at a time by this hub (a check in flight is
 * not started again, however long its timeout), and only by the node holding the watch lease.
 * Failures in a row are counted in dh_alarm_streaks (the threshold); a pass clears. A source
 * disabled, or no longer used, clears too.
 */
export function createSourceChecks(hub: Pick<HubContext, 'store' | 'config' | 'log'>): SourceChecks {
  const running = new Map<string, Promise<void>>()
  const lastStarted = new Map<string, number>()

  const ended = async (db: AlarmDb, settings: RuleSettings, id: string, failure: string | null): Promise<void> => {
    const now = Date.now()
    if (failure === null) {
      await db.deleteFrom('dh_alarm_streaks').where('rule', '=', settings.rule).where('object_id', '=', id).execute()
      return settle(db, settings, [], (incident) => incident.object_id === id, now)
    }
    const stored = await db.selectFrom('dh_alarm_streaks').select('count').where('rule', '=', settings.rule).where('object_id', '=', id).executeTakeFirst()
    const count = (stored?.count ?? 0) + 1
    if (stored) await db.updateTable('dh_alarm_streaks').set({ count, last_at: isoNow(now) }).where('rule', '=', settings.rule).where('object_id', '=', id).execute()
    else await db.insertInto('dh_alarm_streaks').values({ rule: settings.rule, object_id: id, count, last_at: isoNow(now) }).execute()
    if (count >= settings.threshold) await settle(db, settings, [{ type: 'datasource', id, detail: failure }], () => false, now)
  }

  return {
    async startDue(settings, now) {
      if (!settings.enabled) return
      const db = alarmDb(hub.store.db)
      const used = await sourceUsers(db)
      const sources = used.size === 0 ? [] : await db.selectFrom('datasources').selectAll().where('status', '=', ENABLED).where('name', 'in', [...used.keys()]).execute()
      const wanted = new Set(sources.map((s) => s.id))
      await settle(db, settings, [], (incident) => !wanted.has(incident.object_id), now)
      for (const source of sources) {
        if (running.has(source.id) || now - (lastStarted.get(source.id) ?? -Infinity) < settings.periodMs) continue
        lastStarted.set(source.id, now)
        const check = testConnection(sourceSpec(source, hub))
          .then(
            () => null,
            // Kept as the refusal's key: the alarm centre and notices render it for their readers.
            (err: unknown) => (err instanceof Refusal ? encodeText({ key: err.messageKey, params: err.params }) : String(err)),
          )
          .then((failure) => ended(db, settings, source.id, failure))
          .catch((err: unknown) => hub.log(`[alarms] checking the data source ${source.name} failed: ${String(err)}`))
          .finally(() => running.delete(source.id))
        running.set(source.id, check)
      }
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running.values()])
    },
  }
}
