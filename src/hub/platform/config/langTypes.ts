import * as contract from '../../../shared/contract/platform/config/langTypes'
import { route } from '../../http/context'
import { bumpDataVersion } from '../../store/dataVersions'
import { isoNow, newId } from '../../store/ids'
import { makeDefaultLanguage } from './defaultLanguage'
import { langTypeRepository as languages } from './langTypeRepository'
import { langDefaultDeactivate, langDuplicate, langNotFound } from './refusals'
import { configDb, hubDb, type ConfigDb } from './tables'

export const langTypeQueryUsedAndActive = route(contract.langTypeQueryUsedAndActive, async (_input, call) => languages.usedAndActive(configDb(call.hub.store.db)))

export const langTypeQueryUnUsed = route(contract.langTypeQueryUnUsed, async (_input, call) => languages.unused(configDb(call.hub.store.db)))

export const langTypeQuery = route(contract.langTypeQuery, async (at, call) => languages.listUsed(configDb(call.hub.store.db), at))

/**
 * A new language starts inactive: it has no texts yet, and an active language reaches every
 * console's language switch. A known language that is not in use is put back in use.
 */
export const langTypeCreate = route(contract.langTypeCreate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  const id = await db.transaction().execute(async (tx) => {
    const at = isoNow()
    const known = await languages.byCode(tx, input.code)
    if (known?.used === '1') throw langDuplicate()
    const id = known?.id ?? newId()
    if (known) await languages.update(tx, id, { used: '1', status: '0', name: input.name, name_en: input.nameEn, updated_at: at })
    else await languages.insert(tx, { id, code: input.code, name: input.name, name_en: input.nameEn, is_default: '0', used: '1', status: '0', created_at: at, updated_at: at })
    await bumpDataVersion(hubDb(tx), 'lang')
    return id
  })
  return languages.find(db, id)
})

/** A language in use, or langNotFound (one that is known but not in use is not the console's). */
async function usedLanguage(db: ConfigDb, id: string) {
  const row = await languages.stored(db, id)
  if (row.used !== '1') throw langNotFound()
  return row
}

async function setStatus(db: ConfigDb, id: string, status: '1' | '0') {
  await db.transaction().execute(async (tx) => {
    const row = await usedLanguage(tx, id)
    if (status === '0' && row.is_default === '1') throw langDefaultDeactivate()
    await languages.update(tx, id, { status, updated_at: isoNow() })
    await bumpDataVersion(hubDb(tx), 'lang')
  })
  return languages.find(db, id)
}

export const langTypeActivate = route(contract.langTypeActivate, async ({ id }, call) => setStatus(configDb(call.hub.store.db), id, '1'))

/** The default language cannot be deactivated: consoles would have no language to fall back to. */
export const langTypeDeactivate = route(contract.langTypeDeactivate, async ({ id }, call) => setStatus(configDb(call.hub.store.db), id, '0'))

/** Exactly one default, and the lang.locale parameter follows it (defaultLanguage.ts). */
export const langTypeSetDefault = route(contract.langTypeSetDefault, async ({ id }, call) => {
  const db = configDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const row = await usedLanguage(tx, id)
    await makeDefaultLanguage(tx, row.code)
  })
  return languages.find(db, id)
})
