import type { Selectable } from 'kysely'
import type * as contract from '../../../shared/contract/platform/config/langTypes'
import type { PageRequest } from '../../store/paging'
import type { LangTypesTable } from '../../store/schema'
import { langDuplicate, langNotFound } from './refusals'
import { configRepository, type ConfigDb } from './tables'

const toLang = (r: Selectable<LangTypesTable>): contract.LangType => ({ id: r.id, code: r.code, name: r.name, nameEn: r.name_en, isDefault: r.is_default === '1', status: r.status })

const repository = configRepository({ table: 'lang_types', toRecord: toLang, notFound: langNotFound, duplicate: langDuplicate })

/** The languages in use, the default first, then by code. */
const used = (db: ConfigDb) => repository.from(db).where('used', '=', '1').selectAll().orderBy('is_default', 'desc').orderBy('code')

/**
 * Languages: every known language has a row; those `used` are the console's, the others wait
 * to be taken into use. Answered as the contract's records.
 */
export const langTypeRepository = {
  ...repository,

  /** A page of the languages in use. */
  listUsed: (db: ConfigDb, at: PageRequest) => repository.page(used(db), at),

  /** The languages in use (the console's list of them at start-up). */
  allUsed: (db: ConfigDb) => repository.all(used(db)),

  /** The languages in use and active: what every console's language switch offers. */
  usedAndActive: (db: ConfigDb) => repository.all(used(db).where('status', '=', '1')),

  /** The known languages not in use, by code. */
  unused: (db: ConfigDb) => repository.all(repository.from(db).selectAll().where('used', '!=', '1').orderBy('code')),

  /** The stored row of the language with this code, if any. */
  byCode: (db: ConfigDb, code: string) => repository.from(db).selectAll().where('code', '=', code).executeTakeFirst(),

  /** The language with this id becomes the one default: the flag leaves every other row first. */
  async makeDefault(db: ConfigDb, id: string, at: string): Promise<void> {
    await db.updateTable('lang_types').set({ is_default: '0', updated_at: at }).where('is_default', '=', '1').where('id', '!=', id).execute()
    await db.updateTable('lang_types').set({ is_default: '1', updated_at: at }).where('id', '=', id).execute()
  },
}
