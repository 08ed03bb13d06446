import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/messaging/emailServers'
import { NO, YES } from '../../../shared/rules/platform/messaging/common'
import { containsText } from '../../store/like'
import { emailServerNotFound } from './refusals'
import { messagingRepository, type EmailServersTable, type MessagingDb } from './tables'

const fromRow = (r: Selectable<EmailServersTable>): contract.EmailServer => ({
  id: r.id,
  host: r.host,
  port: Number(r.port),
  ssl: r.ssl,
  account: r.account,
  passwordSet: r.password_secret !== '',
  protocol: r.protocol,
  senderName: r.sender_name,
  isDefault: r.is_default,
  remark: r.remark,
  updatedDate: r.updated_at,
})

// No `duplicate`: the only unique index is the one default (emailServers.ts, oneDefault()).
const repository = messagingRepository({ table: 'email_servers', toRecord: fromRow, notFound: emailServerNotFound })

/** Email servers, answered without their passwords. */
export const emailServerRepository = {
  ...repository,

  /** A page of the servers matching the list's filters, the default first. */
  list(db: MessagingDb, q: z.output<typeof contract.emailServerList.input>) {
    let base = repository.from(db)
    if (q.host) base = base.where(containsText('host', q.host))
    if (q.account) base = base.where(containsText('account', q.account))
    return repository.page(base.selectAll().orderBy('is_default', 'desc').orderBy('host').orderBy('account'), q)
  },

  /** The stored default server, if one is set up. */
  storedDefault: (db: MessagingDb) => repository.from(db).selectAll().where('is_default', '=', YES).executeTakeFirst(),

  /** The default flag moves to `id`: the others are cleared first (the unique index allows one). */
  async makeDefault(db: MessagingDb, id: string, now: string): Promise<void> {
    await db.updateTable('email_servers').set({ is_default: NO }).where('is_default', '=', YES).where('id', '!=', id).execute()
    await repository.update(db, id, { is_default: YES, updated_at: now })
  },

  /** Deletes the server unless it is (meanwhile) the default one: the default is never deleted. */
  async removeUnlessDefault(db: MessagingDb, id: string): Promise<void> {
    await db.deleteFrom('email_servers').where('id', '=', id).where('is_default', '=', NO).execute()
  },
}
