import type { Selectable } from 'kysely'
import * as contract from '../../../shared/contract/alarms/notifications'
import type { Notification, NotificationFilter } from '../../../shared/contract/alarms/notifications'
import { CANCELLABLE_STATES, DISCARDABLE_STATES, PROCESSABLE_STATES, RETRYABLE_STATES, type OutboxAction } from '../../../shared/rules/alarms/outbox'
import { ResultCode } from '../../../shared/envelope'
import { route, type CallContext } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { runtimeDb, type CallbacksTable, type RuntimeDb } from '../../runtime/tables'
import { isoNow } from '../../store/ids'
import { page } from '../../store/paging'
import type { Locale } from '../../../shared/locale'
import { renderStored } from '../../text/keyedText'

/** The message centre: every notice of the hub's outbox, and what an operator does with them. */

const toNotification = (r: Selectable<CallbacksTable>, now: string, locale: Locale): Notification => ({
  id: r.id, kind: r.kind, channel: r.channel, state: r.status as Notification['state'], objectType: r.object_type, objectId: r.object_id, title: r.title,
  messageId: r.incident_id === null ? r.message_id : null, incidentId: r.incident_id, attempts: r.attempts, nextAttemptAt: r.next_attempt_at, lastError: renderStored(locale, r.last_error),
  createdAt: r.created_at, finishedAt: r.finished_at, expiresAt: r.expires_at, expired: r.expires_at !== null && r.expires_at < now,
})

type Query = ReturnType<typeof base>
const base = (db: RuntimeDb) => db.selectFrom('dh_callbacks')

function filtered(query: Query, f: NotificationFilter): Query {
  if (f.channel) query = query.where('channel', '=', f.channel)
  if (f.state) query = query.where('status', '=', f.state)
  if (f.kind) query = query.where('kind', '=', f.kind)
  if (f.objectType) query = query.where('object_type', '=', f.objectType)
  if (f.objectId) query = query.where('object_id', '=', f.objectId)
  if (f.createdFrom) query = query.where('created_at', '>=', f.createdFrom)
  if (f.createdTo) query = query.where('created_at', '<=', f.createdTo)
  return query
}

export const notificationList = route(contract.notificationList, async (q, call) => {
  const db = runtimeDb(call.hub.store.db)
  const query = filtered(base(db), q)
  const now = isoNow()
  return page(query.selectAll().orderBy('created_at', 'desc').orderBy('id'), q, (rows) => rows.map((r) => toNotification(r, now, call.locale)))
})

export const notificationCount = route(contract.notificationCount, async (f, call) => {
  const row = await filtered(base(runtimeDb(call.hub.store.db)), f).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()
  return { count: Number(row.n) }
})

/** Which rows an action may change, and what it writes. */
const ACTION_STATES: Record<OutboxAction, readonly string[]> = { retry: RETRYABLE_STATES, discard: DISCARDABLE_STATES, process: PROCESSABLE_STATES, cancel: CANCELLABLE_STATES }

function values(action: OutboxAction, at: string) {
  if (action === 'retry') return { status: 'pending', attempts: 0, next_attempt_at: at, lease_until: null, last_error: '', finished_at: null }
  if (action === 'process') return { status: 'processed' }
  return { status: 'discarded', lease_until: null, finished_at: at }
}

/** The rows `where` selects that the action may change (expired ones are never sent again). */
function actionable(db: RuntimeDb, action: OutboxAction, where: (q: Query) => Query, at: string): Query {
  let q = where(base(db)).where('status', 'in', ACTION_STATES[action])
  if (action === 'retry') q = q.where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>=', at)]))
  return q
}

async function apply(db: RuntimeDb, action: OutboxAction, where: (q: Query) => Query, dryRun: boolean): Promise<number> {
  const at = isoNow()
  const chosen = actionable(db, action, where, at).select('id')
  if (dryRun) {
    const row = await actionable(db, action, where, at).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()
    return Number(row.n)
  }
  const result = await db.updateTable('dh_callbacks').set(values(action, at)).where('id', 'in', chosen).where('status', 'in', ACTION_STATES[action]).executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** An action on the ids named: refused when none exists, or when a retry finds only expired ones. */
async function onIds(db: RuntimeDb, action: OutboxAction, ids: readonly string[]): Promise<{ count: number }> {
  const rows = await db.selectFrom('dh_callbacks').select(['id', 'status', 'expires_at']).where('id', 'in', ids).execute()
  if (rows.length === 0) throw new Refusal(ResultCode.notFound, 'msg_notification_not_found')
  const count = await apply(db, action, (q) => q.where('id', 'in', ids), false)
  const now = isoNow()
  if (count === 0 && action === 'retry' && rows.some((r) => r.expires_at !== null && r.expires_at < now)) throw new Refusal(ResultCode.conflict, 'msg_notification_expired')
  return { count }
}

const byIds = (action: OutboxAction) => async ({ ids }: { ids: string[] }, call: CallContext) => onIds(runtimeDb(call.hub.store.db), action, ids)

export const notificationRetry = route(contract.notificationRetry, byIds('retry'))
export const notificationDiscard = route(contract.notificationDiscard, byIds('discard'))
export const notificationProcess = route(contract.notificationProcess, byIds('process'))
export const notificationCancel = route(contract.notificationCancel, byIds('cancel'))

export const notificationBulk = route(contract.notificationBulk, async ({ action, dryRun, filter }, call) => ({
  count: await apply(runtimeDb(call.hub.store.db), action, (q) => filtered(q, filter), dryRun),
}))
