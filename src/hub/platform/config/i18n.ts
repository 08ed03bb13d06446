import { containsText } from '../../store/like'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/config/i18n'
import { route } from '../../http/context'
import { bumpDataVersion } from '../../store/dataVersions'
import { isoNow, newId } from '../../store/ids'
import type { I18nMessagesTable } from '../../store/schema'
import { i18nDuplicate, i18nNotFound, isUniqueViolation, langNotFound } from './refusals'
import { configDb, hubDb, type ConfigDb } from './tables'
import { page } from '../../store/paging'
import { findByIdOrRefuse } from '../../store/findOrRefuse'

const toMessage = (r: Selectable<I18nMessagesTable>): contract.I18nMessage => ({
  id: r.id,
  langCode: r.lang_code,
  messageKey: r.message_key,
  messageValue: r.message_value,
  origin: r.origin,
  updatedDate: r.updated_at,
})

const answer = async (db: ConfigDb, id: string) => toMessage(await findByIdOrRefuse(db, 'i18n_messages', id, i18nNotFound))

export const i18nQuery = route(contract.i18nQuery, async ({ pageNum, pageSize, key, language, value }, call) => {
  const db = configDb(call.hub.store.db)
  let base = db.selectFrom('i18n_messages')
  if (key) base = base.where(containsText('message_key', key))
  if (language) base = base.where('lang_code', '=', language)
  if (value) base = base.where(containsText('message_value', value))
  return page(base.selectAll().orderBy('message_key').orderBy('lang_code'), { pageNum, pageSize }, (rows) => rows.map(toMessage))
})

export const i18nDetail = route(contract.i18nDetail, async ({ id }, call) => answer(configDb(call.hub.store.db), id))

type MessageInput = z.output<typeof contract.i18nCreate.input>

/**
 * Create or update one text. It is marked 'admin', so a new release's seed keeps it instead of
 * restoring the bundled text; the language data version moves, so consoles merge it at once.
 */
async function saveMessage(db: ConfigDb, id: string | null, input: MessageInput): Promise<string> {
  return db.transaction().execute(async (tx) => {
    if (id && !(await tx.selectFrom('i18n_messages').select('id').where('id', '=', id).executeTakeFirst())) throw i18nNotFound()
    if (!(await tx.selectFrom('lang_types').select('id').where('code', '=', input.langCode).where('used', '=', '1').executeTakeFirst())) throw langNotFound()
    let clash = tx.selectFrom('i18n_messages').select('id').where('lang_code', '=', input.langCode).where('message_key', '=', input.messageKey)
    if (id) clash = clash.where('id', '!=', id)
    if (await clash.executeTakeFirst()) throw i18nDuplicate()
    const at = isoNow()
    const values = { lang_code: input.langCode, message_key: input.messageKey, message_value: input.messageValue, origin: 'admin' as const, updated_at: at }
    const saved = id ?? newId()
    try {
      if (id) await tx.updateTable('i18n_messages').set(values).where('id', '=', id).execute()
      else await tx.insertInto('i18n_messages').values({ id: saved, ...values, created_at: at }).execute()
    } catch (err) {
      if (isUniqueViolation(err)) throw i18nDuplicate()
      throw err
    }
    await bumpDataVersion(hubDb(tx), 'lang')
    return saved
  })
}

export const i18nCreate = route(contract.i18nCreate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  return answer(db, await saveMessage(db, null, input))
})

export const i18nUpdate = route(contract.i18nUpdate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  return answer(db, await saveMessage(db, input.id, input))
})

/**
 * Deleting a bundled text takes the hub's copy away; consoles keep showing the text they were
 * built with, and the next start of the hub seeds it back.
 */
export const i18nDelete = route(contract.i18nDelete, async ({ id }, call) => {
  const db = configDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const result = await tx.deleteFrom('i18n_messages').where('id', '=', id).executeTakeFirst()
    if (Number(result.numDeletedRows) === 0) throw i18nNotFound()
    await bumpDataVersion(hubDb(tx), 'lang')
  })
  return null
})
