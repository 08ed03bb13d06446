import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/messaging/channels'
import { NO, YES } from '../../../shared/rules/platform/messaging/common'
import { encryptSecret } from '../../datahub/dataSources/secrets'
import { hubSecretKey } from '../../datahub/dataSources/specs'
import { containsText } from '../../store/like'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { channelCodeDuplicate, channelDefaultDelete, channelNameDuplicate, channelNotFound, isUniqueViolation, versionStale } from './refusals'
import { messagingDb, type ChannelsTable, type MessagingDb } from './tables'
import { page } from '../../store/paging'
import { findByIdOrRefuse } from '../../store/findOrRefuse'

/**
 * Message channels: code and name unique (spec §8), at most one default, and the default
 * cannot be deleted. The secret is encrypted (a caller's signature is checked with the plain
 * value) and never answered. A new secret keeps the replaced one valid for the channel's
 * old-secret minutes (`old_secret_*`), so callers switch over without a failed call.
 */
const dbOf = (call: CallContext) => messagingDb(call.hub.store.db)
type Row = Selectable<ChannelsTable>

const fromRow = (r: Row): contract.Channel => ({
  id: r.id,
  code: r.code,
  name: r.name,
  channelType: r.channel_type,
  isDefault: r.is_default,
  loadLimit: Number(r.load_limit),
  ipWhitelist: JSON.parse(r.ip_whitelist) as string[],
  secretSet: r.secret_secret !== '',
  secretExpireTime: r.secret_expire_time,
  oldSecretValidMinutes: Number(r.old_secret_valid_minutes),
  oldSecretValidUntil: r.old_secret_valid_until > isoNow() ? r.old_secret_valid_until : '',
  retryNum: Number(r.retry_num),
  retryInterval: Number(r.retry_interval),
  remark: r.remark,
  updatedDate: r.updated_at,
})

const stored = (db: MessagingDb, id: string): Promise<Row> => findByIdOrRefuse(db, 'msg_channels', id, channelNotFound)
const answer = async (db: MessagingDb, id: string) => fromRow(await stored(db, id))

type Input = z.output<typeof contract.channelCreate.input>
const columns = (v: Omit<Input, 'secret'>) => ({
  code: v.code,
  name: v.name,
  channel_type: v.channelType,
  is_default: v.isDefault,
  load_limit: v.loadLimit,
  ip_whitelist: JSON.stringify(v.ipWhitelist),
  secret_expire_time: v.secretExpireTime,
  old_secret_valid_minutes: v.oldSecretValidMinutes,
  retry_num: v.retryNum,
  retry_interval: v.retryInterval,
  remark: v.remark,
})

/** Code first, then name: the caller learns which one clashes. */
async function checkUnique(db: MessagingDb, v: { code: string; name: string }, id: string | null) {
  for (const [column, refusal] of [['code', channelCodeDuplicate], ['name', channelNameDuplicate]] as const) {
    let clash = db.selectFrom('msg_channels').select('id').where(column, '=', v[column])
    if (id) clash = clash.where('id', '!=', id)
    if (await clash.executeTakeFirst()) throw refusal()
  }
}

/**
 * Two saves raced past the checks: the unique indexes decide, and the caller hears which —
 * a code or name taken meanwhile, else the default moved meanwhile (refresh and retry).
 */
async function guarded(db: MessagingDb, v: { code: string; name: string }, id: string | null, work: () => Promise<unknown>) {
  try {
    await work()
  } catch (err) {
    if (!isUniqueViolation(err)) throw err
    await checkUnique(db, v, id)
    throw versionStale()
  }
}

const clearOtherDefaults = (db: MessagingDb, id: string) => db.updateTable('msg_channels').set({ is_default: NO }).where('is_default', '=', YES).where('id', '!=', id).execute()

export const channelList = route(contract.channelList, async ({ pageNum, pageSize, code, name, channelType }, call) => {
  let base = dbOf(call).selectFrom('msg_channels')
  if (code) base = base.where(containsText('code', code))
  if (name) base = base.where(containsText('name', name))
  if (channelType) base = base.where('channel_type', '=', channelType)
  return page(base.selectAll().orderBy('is_default', 'desc').orderBy('code'), { pageNum, pageSize }, (rows) => rows.map(fromRow))
})

export const channelGet = route(contract.channelGet, async ({ id }, call) => answer(dbOf(call), id))

export const channelCreate = route(contract.channelCreate, async ({ secret, ...values }, call) => {
  const db = dbOf(call)
  const id = newId()
  const now = isoNow()
  await checkUnique(db, values, null)
  await guarded(db, values, null, () =>
    db.transaction().execute(async (tx) => {
      if (values.isDefault === YES) await clearOtherDefaults(tx, id)
      await tx
        .insertInto('msg_channels')
        .values({ id, ...columns(values), secret_secret: encryptSecret(hubSecretKey(call), secret), old_secret_secret: '', old_secret_valid_until: '', created_at: now, updated_at: now })
        .execute()
    }),
  )
  return answer(db, id)
})

/** An empty secret keeps the stored one; a new one starts the old one's grace period. */
export const channelUpdate = route(contract.channelUpdate, async ({ id, secret, ...values }, call) => {
  const db = dbOf(call)
  const now = Date.now()
  const row = await stored(db, id)
  await checkUnique(db, values, id)
  const rotation =
    secret === ''
      ? {}
      : {
          secret_secret: encryptSecret(hubSecretKey(call), secret),
          old_secret_secret: row.secret_secret,
          old_secret_valid_until: row.secret_secret === '' || values.oldSecretValidMinutes === 0 ? '' : isoNow(now + values.oldSecretValidMinutes * 60_000),
        }
  await guarded(db, values, id, () =>
    db.transaction().execute(async (tx) => {
      if (values.isDefault === YES) await clearOtherDefaults(tx, id)
      await tx
        .updateTable('msg_channels')
        .set({ ...columns(values), ...rotation, updated_at: isoNow(now) })
        .where('id', '=', id)
        .execute()
    }),
  )
  return answer(db, id)
})

export const channelDelete = route(contract.channelDelete, async ({ id }, call) => {
  const db = dbOf(call)
  const row = await stored(db, id)
  if (row.is_default === YES) throw channelDefaultDelete()
  await db.deleteFrom('msg_channels').where('id', '=', id).where('is_default', '=', NO).execute()
  return null
})
