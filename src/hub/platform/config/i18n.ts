import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/config/i18n'
import { route } from '../../http/context'
import { bumpDataVersion } from '../../store/dataVersions'
import { isoNow, newId } from '../../store/ids'
import { i18nRepository as texts } from './i18nRepository'
import { langTypeRepository as languages } from './langTypeRepository'
import { i18nDuplicate, langNotFound } from './refusals'
import { configDb, hubDb, type ConfigDb } from './tables'

export const i18nQuery = route(contract.i18nQuery, async (q, call) => texts.list(configDb(call.hub.store.db), q))

export const i18nDetail = route(contract.i18nDetail, async ({ id }, call) => texts.find(configDb(call.hub.store.db), id))

type MessageInput = z.output<typeof contract.i18nCreate.input>

/**
 * Create or update one text. It is marked 'admin', so a new release's seed keeps it instead of
 * restoring the bundled text; the language data version moves, so consoles merge it at once.
 */
async function saveMessage(db: ConfigDb, id: string | null, input: MessageInput): Promise<string> {
  return db.transaction().execute(async (tx) => {
    if (id) await texts.stored(tx, id)
    if (!(await languages.exists(tx, { code: input.langCode, used: '1' }))) throw langNotFound()
    if (await texts.exists(tx, { lang_code: input.langCode, message_key: input.messageKey }, id)) throw i18nDuplicate()
    const at = isoNow()
    const values = { lang_code: input.langCode, message_key: input.messageKey, message_value: input.messageValue, origin: 'admin' as const, updated_at: at }
    const saved = id ?? newId()
    if (id) await texts.update(tx, id, values)
    else await texts.insert(tx, { id: saved, ...values, created_at: at })
    await bumpDataVersion(hubDb(tx), 'lang')
    return saved
  })
}

export const i18nCreate = route(contract.i18nCreate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  return texts.find(db, await saveMessage(db, null, input))
})

export const i18nUpdate = route(contract.i18nUpdate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  return texts.find(db, await saveMessage(db, input.id, input))
})

/**
 * Deleting a bundled text takes the hub's copy away; consoles keep showing the text they were
 * built with, and the next start of the hub seeds it back.
 */
export const i18nDelete = route(contract.i18nDelete, async ({ id }, call) => {
  const db = configDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    await texts.remove(tx, id)
    await bumpDataVersion(hubDb(tx), 'lang')
  })
  return null
})
