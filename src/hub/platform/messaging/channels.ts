import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/messaging/channels'
import { YES } from '../../../shared/rules/platform/messaging/common'
import { encryptSecret } from '../../kernel/secrets'
import { hubSecretKey } from '../../datahub/dataSources/specs'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { channelCodeDuplicate, channelDefaultDelete, channelNameDuplicate, isUniqueViolation, versionStale } from './refusals'
import { channelRepository as channels } from './channelRepository'
import { messagingDb, type MessagingDb } from './tables'

/**
 * Message channels: code and name unique (spec §8), at most one default, and the default
 * cannot be deleted. The secret is encrypted (a caller's signature is checked with the plain
 * value) and never answered. A new secret keeps the replaced one valid for the channel's
 * old-secret minutes (`old_secret_*`), so callers switch over without a failed call.
 */
const dbOf = (call: CallContext) => messagingDb(call.hub.store.db)

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
  if (await channels.exists(db, { code: v.code }, id)) throw channelCodeDuplicate()
  if (await channels.exists(db, { name: v.name }, id)) throw channelNameDuplicate()
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

export const channelList = route(contract.channelList, async (q, call) => channels.list(dbOf(call), q))

export const channelGet = route(contract.channelGet, async ({ id }, call) => channels.find(dbOf(call), id))

export const channelCreate = route(contract.channelCreate, async ({ secret, ...values }, call) => {
  const db = dbOf(call)
  const id = newId()
  const now = isoNow()
  await checkUnique(db, values, null)
  await guarded(db, values, null, () =>
    db.transaction().execute(async (tx) => {
      if (values.isDefault === YES) await channels.clearOtherDefaults(tx, id)
      await channels.insert(tx, { id, ...columns(values), secret_secret: encryptSecret(hubSecretKey(call), secret), old_secret_secret: '', old_secret_valid_until: '', created_at: now, updated_at: now })
    }),
  )
  return channels.find(db, id)
})

/** An empty secret keeps the stored one; a new one starts the old one's grace period. */
export const channelUpdate = route(contract.channelUpdate, async ({ id, secret, ...values }, call) => {
  const db = dbOf(call)
  const now = Date.now()
  const row = await channels.stored(db, id)
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
      if (values.isDefault === YES) await channels.clearOtherDefaults(tx, id)
      await channels.update(tx, id, { ...columns(values), ...rotation, updated_at: isoNow(now) })
    }),
  )
  return channels.find(db, id)
})

export const channelDelete = route(contract.channelDelete, async ({ id }, call) => {
  const db = dbOf(call)
  const row = await channels.stored(db, id)
  if (row.is_default === YES) throw channelDefaultDelete()
  await channels.removeUnlessDefault(db, id)
  return null
})
