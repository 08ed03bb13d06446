import type { Selectable } from 'kysely'
import * as contract from '../../../shared/contract/platform/config/langTypes'
import { route } from '../../http/context'
import { bumpDataVersion } from '../../store/dataVersions'
import { isoNow, newId } from '../../store/ids'
import type { LangTypesTable } from '../../store/schema'
import { makeDefaultLanguage } from './defaultLanguage'
import { isUniqueViolation, langDefaultDeactivate, langDuplicate, langNotFound } from './refusals'
import { configDb, hubDb, type ConfigDb } from './tables'
import { page } from '../../store/paging'
import { findByIdOrRefuse } from '../../store/findOrRefuse'

const toLang = (r: Selectable<LangTypesTable>): contract.LangType => ({ id: r.id, code: r.code, name: r.name, nameEn: r.name_en, isDefault: r.is_default === '1', status: r.status })

const answer = async (db: ConfigDb, id: string) => toLang(await findByIdOrRefuse(db, 'lang_types', id, langNotFound))

/** The languages in use: the default first, then by code. */
const used = (db: ConfigDb) => db.selectFrom('lang_types').where('used', '=', '1')

export const langTypeQueryUsedAndActive = route(contract.langTypeQueryUsedAndActive, async (_input, call) => {
  const rows = await used(configDb(call.hub.store.db)).selectAll().where('status', '=', '1').orderBy('is_default', 'desc').orderBy('code').execute()
  return rows.map(toLang)
})

export const langTypeQueryUnUsed = route(contract.langTypeQueryUnUsed, async (_input, call) => {
  const rows = await configDb(call.hub.store.db).selectFrom('lang_types').selectAll().where('used', '!=', '1').orderBy('code').execute()
  return rows.map(toLang)
})

export const langTypeQuery = route(contract.langTypeQuery, async (at, call) => {
  const db = configDb(call.hub.store.db)
  return page(used(db).selectAll().orderBy('is_default', 'desc').orderBy('code'), at, (rows) => rows.map(toLang))
})

/**
 * A new language starts inactive: it has no texts yet, and an active language reaches every
 * console's language switch. A known language that is not in use is put back in use.
 */
export const langTypeCreate = route(contract.langTypeCreate, async (input, call) => {
  const db = configDb(call.hub.store.db)
  const id = await db.transaction().execute(async (tx) => {
    const at = isoNow()
    const known = await tx.selectFrom('lang_types').select(['id', 'used']).where('code', '=', input.code).executeTakeFirst()
    if (known?.used === '1') throw langDuplicate()
    if (known) {
      await tx.updateTable('lang_types').set({ used: '1', status: '0', name: input.name, name_en: input.nameEn, updated_at: at }).where('id', '=', known.id).execute()
    } else {
      try {
        await tx
          .insertInto('lang_types')
          .values({ id: newId(), code: input.code, name: input.name, name_en: input.nameEn, is_default: '0', used: '1', status: '0', created_at: at, updated_at: at })
          .execute()
      } catch (err) {
        if (isUniqueViolation(err)) throw langDuplicate()
        throw err
      }
    }
    await bumpDataVersion(hubDb(tx), 'lang')
    return (await tx.selectFrom('lang_types').select('id').where('code', '=', input.code).executeTakeFirstOrThrow()).id
  })
  return answer(db, id)
})

async function setStatus(db: ConfigDb, id: string, status: '1' | '0') {
  await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('lang_types').select(['id', 'is_default', 'used']).where('id', '=', id).executeTakeFirst()
    if (!row || row.used !== '1') throw langNotFound()
    if (status === '0' && row.is_default === '1') throw langDefaultDeactivate()
    await tx.updateTable('lang_types').set({ status, updated_at: isoNow() }).where('id', '=', id).execute()
    await bumpDataVersion(hubDb(tx), 'lang')
  })
  return answer(db, id)
}

export const langTypeActivate = route(contract.langTypeActivate, async ({ id }, call) => setStatus(configDb(call.hub.store.db), id, '1'))

/** The default language cannot be deactivated: consoles would have no language to fall back to. */
export const langTypeDeactivate = route(contract.langTypeDeactivate, async ({ id }, call) => setStatus(configDb(call.hub.store.db), id, '0'))

/** Exactly one default, and the lang.locale parameter follows it (defaultLanguage.ts). */
export const langTypeSetDefault = route(contract.langTypeSetDefault, async ({ id }, call) => {
  const db = configDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('lang_types').select(['code', 'used']).where('id', '=', id).executeTakeFirst()
    if (!row || row.used !== '1') throw langNotFound()
    await makeDefaultLanguage(tx, row.code)
  })
  return answer(db, id)
})
