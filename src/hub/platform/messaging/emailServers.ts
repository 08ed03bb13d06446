import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/messaging/emailServers'
import { NO, YES } from '../../../shared/rules/platform/messaging/common'
import { decryptSecret, encryptSecret } from '../../kernel/secrets'
import { hubSecretKey } from '../../datahub/dataSources/specs'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import type { MailServer } from '../../kernel/mail/mailer'
import { emailServerRepository as servers } from './emailServerRepository'
import { emailServerDefaultDelete, isUniqueViolation, versionStale } from './refusals'
import { messagingDb, type EmailServersTable, type MessagingDb } from './tables'
import { sendTestMail } from './testMail'

/**
 * Email servers. The password is encrypted with the data sources' helper (the hub presents it
 * to the mail server) and never answered. Exactly one server is the default once any exists:
 * the first one becomes it, saving another as default moves the flag, and the default cannot
 * be deleted (spec §8) — choose another default first.
 */
const dbOf = (call: CallContext) => messagingDb(call.hub.store.db)
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

export const emailServerList = route(contract.emailServerList, async (q, call) => servers.list(dbOf(call), q))

export const emailServerGet = route(contract.emailServerGet, async ({ id }, call) => servers.find(dbOf(call), id))

export const emailServerCreate = route(contract.emailServerCreate, async ({ password, isDefault, ...values }, call) => {
  const db = dbOf(call)
  const id = newId()
  const now = isoNow()
  await oneDefault(() =>
    db.transaction().execute(async (tx) => {
      const any = await servers.exists(tx, { is_default: YES })
      await servers.insert(tx, { id, ...columns(values), password_secret: encryptSecret(hubSecretKey(call), password), is_default: NO, created_at: now, updated_at: now })
      if (isDefault === YES || !any) await servers.makeDefault(tx, id, now)
    }),
  )
  return servers.find(db, id)
})

/** An empty password keeps the stored one; clearing the default flag here is ignored (set another instead). */
export const emailServerUpdate = route(contract.emailServerUpdate, async ({ id, password, isDefault, ...values }, call) => {
  const db = dbOf(call)
  const now = isoNow()
  await oneDefault(() =>
    db.transaction().execute(async (tx) => {
      const row = await servers.stored(tx, id)
      const secret = password === '' ? row.password_secret : encryptSecret(hubSecretKey(call), password)
      await servers.update(tx, id, { ...columns(values), password_secret: secret, updated_at: now })
      if (isDefault === YES && row.is_default !== YES) await servers.makeDefault(tx, id, now)
    }),
  )
  return servers.find(db, id)
})

export const emailServerSetDefault = route(contract.emailServerSetDefault, async ({ id }, call) => {
  const db = dbOf(call)
  await oneDefault(() =>
    db.transaction().execute(async (tx) => {
      await servers.stored(tx, id)
      await servers.makeDefault(tx, id, isoNow())
    }),
  )
  return servers.find(db, id)
})

export const emailServerDelete = route(contract.emailServerDelete, async ({ id }, call) => {
  const db = dbOf(call)
  const row = await servers.stored(db, id)
  if (row.is_default === YES) throw emailServerDefaultDelete()
  await servers.removeUnlessDefault(db, id)
  return null
})

/** What the mailer needs of a stored server, its password decrypted. */
const mailServerOf = (row: Selectable<EmailServersTable>, key: Buffer): MailServer => ({
  host: row.host,
  port: Number(row.port),
  ssl: row.ssl === YES,
  account: row.account,
  password: decryptSecret(key, row.password_secret),
  senderName: row.sender_name,
})

/** The server the hub's own mail goes through (result notifications): the default one, null while none is set up. */
export async function defaultMailServer(db: MessagingDb, key: Buffer): Promise<MailServer | null> {
  const row = await servers.storedDefault(db)
  return row ? mailServerOf(row, key) : null
}

export const emailServerSendTestMail = route(
  contract.emailServerSendTestMail,
  async ({ id, to }, call) => {
    const row = await servers.stored(dbOf(call), id)
    const messageId = await sendTestMail(mailServerOf(row, hubSecretKey(call)), to, call.locale)
    return { to, messageId }
  },
  { successMessage: 'msg_email_test_sent' },
)
