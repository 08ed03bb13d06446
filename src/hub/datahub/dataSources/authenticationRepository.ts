import type { Insertable, Updateable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/datahub/authentication'
import { flowsChanged } from '../../store/dataVersions'
import { containsText } from '../../store/like'
import { versionStale } from '../refusals'
import { updated, type Author } from '../saving'
import { authenticationFromRow, type AuthenticationRow } from './records'
import { authenticationNameDuplicate, authenticationNotFound } from './refusals'
import { dataSourceRepositoryOf, type AuthenticationsTable, type DataSourceDb } from './tables'

const ENABLED = '1'

// The name is unique within its application: the unique index's refusal is that duplicate.
const repository = dataSourceRepositoryOf({ table: 'authentications', toRecord: authenticationFromRow, notFound: authenticationNotFound, duplicate: authenticationNameDuplicate })

/** Authentication methods of applications, edited under their version, answered without their tokens. */
export const authenticationRepository = {
  ...repository,

  /** Paged, by application then name. */
  list(db: DataSourceDb, q: z.output<typeof contract.authenticationList.input>) {
    let base = repository.from(db)
    if (q.appCode?.trim()) base = base.where('app_code', '=', q.appCode.trim())
    if (q.authenName?.trim()) base = base.where(containsText('authen_name', q.authenName))
    if (q.status?.trim()) base = base.where('status', '=', q.status.trim())
    return repository.page(base.selectAll().orderBy('app_code').orderBy('authen_name'), q)
  },

  /** The application's enabled methods, by name. */
  enabledOf: (db: DataSourceDb, appCode: string) => repository.all(repository.from(db).selectAll().where('app_code', '=', appCode).where('status', '=', ENABLED).orderBy('authen_name')),

  // Every write moves the flow version: a producer's pushes are checked by the method as
  // each hub node last read it (runtime/accept/flowCache.ts).

  /** Adds a method (its id and stamps are the caller's) in the caller's transaction, moving the flows' version with it. */
  async insert(tx: DataSourceDb, values: Insertable<AuthenticationsTable>): Promise<void> {
    await repository.insert(tx, values)
    await flowsChanged(tx)
  },

  /** Writes the changed columns with who changed them, or refuses as stale when someone saved since `from` was read. */
  async save(db: DataSourceDb, from: AuthenticationRow, set: Updateable<AuthenticationsTable>, who: Author): Promise<void> {
    await repository.saveVersioned(db, from, { ...set, ...updated(who) }, versionStale)
    await flowsChanged(db)
  },

  /** Deletes the method only at the version it was read at. */
  async removeVersioned(db: DataSourceDb, from: AuthenticationRow): Promise<void> {
    await repository.removeVersioned(db, from)
    await flowsChanged(db)
  },
}
