import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/messaging/channels'
import { NO, YES } from '../../../shared/rules/platform/messaging/common'
import { containsText } from '../../store/like'
import { isoNow } from '../../store/ids'
import { channelNotFound } from './refusals'
import { messagingRepository, type ChannelsTable, type MessagingDb } from './tables'

const fromRow = (r: Selectable<ChannelsTable>): contract.Channel => ({
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

// No `duplicate`: which value raced is the handler's question (channels.ts, guarded()).
const repository = messagingRepository({ table: 'msg_channels', toRecord: fromRow, notFound: channelNotFound })

/** Message channels, answered without their secrets. */
export const channelRepository = {
  ...repository,

  /** A page of the channels matching the list's filters, the default first, then by code. */
  list(db: MessagingDb, q: z.output<typeof contract.channelList.input>) {
    let base = repository.from(db)
    if (q.code) base = base.where(containsText('code', q.code))
    if (q.name) base = base.where(containsText('name', q.name))
    if (q.channelType) base = base.where('channel_type', '=', q.channelType)
    return repository.page(base.selectAll().orderBy('is_default', 'desc').orderBy('code'), q)
  },

  /** Clears the default flag of every other channel, first, so the unique index lets `id` take it. */
  async clearOtherDefaults(db: MessagingDb, id: string): Promise<void> {
    await db.updateTable('msg_channels').set({ is_default: NO }).where('is_default', '=', YES).where('id', '!=', id).execute()
  },

  /** Deletes the channel unless it is (meanwhile) the default one: the default is never deleted. */
  async removeUnlessDefault(db: MessagingDb, id: string): Promise<void> {
    await db.deleteFrom('msg_channels').where('id', '=', id).where('is_default', '=', NO).execute()
  },
}
