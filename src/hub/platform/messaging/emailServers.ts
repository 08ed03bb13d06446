import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/messaging/emailServers'
import { YES, NO } from '../../../shared/rules/platform/messaging/common'
import { decryptSecret, encryptSecret } from '../../datahub/dataSources/secrets'
import { hubSecretKey } from '../../datahub/dataSources/specs'
import { containsText } from '../../store/like'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import type { MailServer } from './mailer'
import { emailServerDefaultDelete, emailServerNotFound, isUniqueViolation, versionStale } from './refusals'
import { messagingDb, type EmailServersTable, type MessagingDb } from './tables'
import { sendTestMail } from './testMail'
import { page } from '../../store/paging'
import { findByIdOrRefuse } from '../../store/findOrRefuse'

/**
 * Email servers. The password is encrypted with the data sources' helper (the hub presents it
 * to the mail server) and never answered. Exactly one server is the default once any exists:
 * the first one becomes it, saving another as default moves the flag, and the default cannot
 * be deleted (spec §8) — choose another default first.
 */
const dbOf = (call: CallContext) => messagingDb(call.hub.store.db)
type Row = Selectable<EmailServersTable>

const fromRow = (r: Row): contract.EmailServer => ({
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

const stored = (db: MessagingDb, id: string): Promise<Row> => findByIdOrRefuse(db, 'email_servers', id, emailServerNotFound)
const answer = async (db: MessagingDb, id: string) => fromRow(await stored(db, id))

type Input = z.output<typeof contract.emailServerUpdate.input>
const columns = (v: Omit<Input, 'id' | 'password' | 'isDefault'>) => ({
  host: v.host,
  port: v.port,
  ssl: v.ssl,
  account: v.account,
  protocol: v.protocol,
  sender_name: v.senderName,
  remark: v.remark,
})

/** Two saves moved the default at once: the one-default index refused this one. */
async function oneDefault(work: () => Promise<unknown>) {
  try {
    await work()
  } catch (err) {
    if (isUniqueViolation(err)) throw versionStale()
    throw err
  }
}

/** The default flag moves to `id`: the others are cleared first (the unique index allows one). */
async function makeDefault(db: MessagingDb, id: string, now: string) {
  await db.updateTable('email_servers').set({ is_default: NO }).where('is_default', '=', YES).where('id', '!=', id).execute()
  await db.updateTable('email_servers').set({ is_default: YES, updated_at: now }).where('id', '=', id).execute()
}

export const emailServerList = route(contract.emailServerList, async ({ pageNum, pageSize, host, account }, call) => {
  let base = dbOf(call).selectFrom('email_servers')
  if (host) base = base.where(containsText('host', host))
  if (account) base = base.where(containsText('account', account))
  return page(base.selectAll().orderBy('is_default', 'desc').orderBy('host').orderBy('account'), { pageNum, pageSize }, (rows) => rows.map(fromRow))
})

export const emailServerGet = route(contract.emailServerGet, async ({ id }, call) => answer(dbOf(call), id))

export const emailServerCreate = route(contract.emailServerCreate, async ({ password, isDefault, ...values }, call) => {
  const db = dbOf(call)
  const id = newId()
  const now = isoNow()
  await oneDefault(() =>
    db.transaction().execute(async (tx) => {
      const any = await tx.selectFrom('email_servers').select('id').where('is_default', '=', YES).executeTakeFirst()
      await tx.insertInto('email_servers').values({ id, ...columns(values), password_secret: encryptSecret(hubSecretKey(call), password), is_default: NO, created_at: now, updated_at: now }).execute()
      if (isDefault === YES || !any) await makeDefault(tx, id, now)
    }),
  )
  return answer(db, id)
})

/** An empty password keeps the stored one; clearing the default flag here is ignored (set another instead). */
export const emailServerUpdate = route(contract.emailServerUpdate, async ({ id, password, isDefault, ...values }, call) => {
  const db = dbOf(call)
  const now = isoNow()
  await oneDefault(() =>
    db.transaction().execute(async (tx) => {
      const row = await stored(tx, id)
      const secret = password === '' ? row.password_secret : encryptSecret(hubSecretKey(call), password)
      await tx.updateTable('email_servers').set({ ...columns(values), password_secret: secret, updated_at: now }).where('id', '=', id).execute()
      if (isDefault === YES && row.is_default !== YES) await makeDefault(tx, id, now)
    }),
  )
  return answer(db, id)
})

export const emailServerSetDefault = route(contract.emailServerSetDefault, async ({ id }, call) => {
  const db = dbOf(call)
  await oneDefault(() =>
    db.transaction().execute(async (tx) => {
      await stored(tx, id)
      await makeDefault(tx, id, isoNow())
    }),
  )
  return answer(db, id)
})

export const emailServerDelete = route(contract.emailServerDelete, async ({ id }, call) => {
  const db = dbOf(call)
  const row = await stored(db, id)
  if (row.is_default === YES) throw emailServerDefaultDelete()
  await db.deleteFrom('email_servers').where('id', '=', id).where('is_default', '=', NO).execute()
  return null
})

/** What the mailer needs of a stored server, its password decrypted. */
const mailServerOf = (row: Row, key: Buffer): MailServer => ({
  host: row.host,
  port: Number(row.port),
  ssl: row.ssl === YES,
  account: row.account,
  password: decryptSecret(key, row.password_secret),
  senderName: row.sender_name,
})

/** The server the hub's own mail goes through (result notifications): the default one, null while none is set up. */
export async function defaultMailServer(db: MessagingDb, key: Buffer): Promise<MailServer | null> {
  const row = await db.selectFrom('email_servers').selectAll().where('is_default', '=', YES).executeTakeFirst()
  return row ? mailServerOf(row, key) : null
}

export const emailServerSendTestMail = route(
  contract.emailServerSendTestMail,
  async ({ id, to }, call) => {
    const row = await stored(dbOf(call), id)
    const messageId = await sendTestMail(mailServerOf(row, hubSecretKey(call)), to, call.locale)
    return { to, messageId }
  },
  { successMessage: 'msg_email_test_sent' },
)
