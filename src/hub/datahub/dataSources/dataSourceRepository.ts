import type { Kysely, Updateable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/datahub/dataSources'
import type { HubDatabase } from '../../store/schema'
import { containsText, escapeLike, likePattern } from '../../store/like'
import { versionStale } from '../refusals'
import { updated, type Author } from '../saving'
import { datahubDb } from '../tables'
import { dataSourceByName, dataSourceFromRow, type DataSourceRow } from './records'
import { datasourceNameDuplicate, datasourceNotFound } from './refusals'
import { dataSourceRepositoryOf, type DataSourceDb, type DataSourcesTable } from './tables'

const ENABLED = '1'

const repository = dataSourceRepositoryOf({ table: 'datasources', toRecord: dataSourceFromRow, notFound: datasourceNotFound, duplicate: datasourceNameDuplicate })

/** Data sources: name unique, edited under their version, answered without their secrets. */
export const dataSourceRepository = {
  ...repository,

  /** Paged, newest first; name matches a part, the others exactly. */
  list(db: DataSourceDb, q: z.output<typeof contract.datasourceList.input>) {
    let base = repository.from(db)
    if (q.name?.trim()) base = base.where(containsText('name', q.name))
    if (q.sourceType?.trim()) base = base.where('source_type', '=', q.sourceType.trim())
    if (q.dbType?.trim()) base = base.where('db_type', '=', q.dbType.trim())
    if (q.applicationCode?.trim()) base = base.where('application_code', '=', q.applicationCode.trim())
    if (q.status?.trim()) base = base.where('status', '=', q.status.trim())
    return repository.page(base.selectAll().orderBy('created_at', 'desc').orderBy('id'), q)
  },

  /** The stored row of the source with this name, if any (records.ts, where the runtime reads it too). */
  byName: dataSourceByName,

  /** The enabled sources of the application and kind (either left out: any), by name. */
  enabled(db: DataSourceDb, applicationCode: string | undefined, sourceType: string | undefined) {
    let query = repository.from(db).selectAll().where('status', '=', ENABLED)
    if (applicationCode?.trim()) query = query.where('application_code', '=', applicationCode.trim())
    if (sourceType?.trim()) query = query.where('source_type', '=', sourceType.trim())
    return repository.all(query.orderBy('name'))
  },

  /** Writes the changed columns with who changed them, or refuses as stale when someone saved since `from` was read. */
  save: (db: DataSourceDb, from: DataSourceRow, set: Updateable<DataSourcesTable>, who: Author) => repository.saveVersioned(db, from, { ...set, ...updated(who) }, versionStale),

  /** Whether a producer or consumer names the source: in its basic field, or in a mode model (dblink, ldap, bigdata, mq: "dataSourceName"). */
  async inUse(db: DataSourceDb, name: string): Promise<boolean> {
    const hub = datahubDb(db as unknown as Kysely<HubDatabase>)
    const inModel = `%${escapeLike(`"dataSourceName":${JSON.stringify(name)}`)}%`
    const producer = await hub
      .selectFrom('producers')
      .select('id')
      .where((eb) => eb.or([eb('data_source_name', '=', name), likePattern('models', inModel)]))
      .executeTakeFirst()
    const consumer = await hub
      .selectFrom('consumers')
      .select('id')
      .where((eb) => eb.or([eb('datasource_name', '=', name), likePattern('models', inModel)]))
      .executeTakeFirst()
    return producer !== undefined || consumer !== undefined
  },
}
