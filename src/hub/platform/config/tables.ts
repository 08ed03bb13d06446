import type { Kysely } from 'kysely'
import type { DictionaryDataTable, HubDatabase } from '../../store/schema'
import { repositoryOf } from '../../store/repository'

/** The foundation tables as this area sees them: the dictionary entry with migration 0006's level. */
export type ConfigDatabase = Omit<HubDatabase, 'dictionary_data'> & {
  dictionary_data: DictionaryDataTable & { dict_level: string }
}
export type ConfigDb = Kysely<ConfigDatabase>
// A cast, not a conversion: migration 0006 gives the same database this column.
export const configDb = (db: Kysely<HubDatabase>): ConfigDb => db as unknown as ConfigDb
/** The other way, for helpers typed on the foundation schema (data versions). */
export const hubDb = (db: ConfigDb): Kysely<HubDatabase> => db as unknown as Kysely<HubDatabase>

/** The repositories of this area's aggregates, typed on its tables (store/repository.ts). */
export const configRepository = repositoryOf<ConfigDatabase>()
