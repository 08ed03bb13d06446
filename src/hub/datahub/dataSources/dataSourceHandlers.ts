import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { HubDatabase } from '../../store/schema'
import * as contract from '../../../shared/contract/datahub/dataSources'
import { checkDataSource, DB_TYPES_BY_SOURCE, dataSourceRuleShape, type SourceType } from '../../../shared/rules/datahub/dataSource'
import { route, type CallContext } from '../../http/context'
import { containsText, escapeLike, likePattern } from '../../store/like'
import { validationRefusal } from '../../http/validation'
import { newId } from '../../store/ids'
import { checkVersion, isUniqueViolation } from '../refusals'
import { author, created, mergeUpdate, saveChanges } from '../saving'
import { datahubDb } from '../tables'
import { testConnection } from './connect'
import { dataSourceById, dataSourceColumns, dataSourceFromRow, type DataSourceRow } from './records'
import { datasourceDeleteEnabled, datasourceEditEnabled, datasourceInUse, datasourceNameDuplicate, datasourceNotFound } from './refusals'
import { encryptSecret } from './secrets'
import { hubSecretKey, sourceSpec, specOf, storedSecrets } from './specs'
import { dataSourceDb, type DataSourceDb } from './tables'
import { page } from '../../store/paging'

const INPUT_KEYS = Object.keys(dataSourceRuleShape)
const ENABLED = '1'

const dbOf = (call: CallContext) => dataSourceDb(call.hub.store.db)

async function requireSource(db: DataSourceDb, id: string): Promise<DataSourceRow> {
  const row = await dataSourceById(db, id)
  if (!row) throw datasourceNotFound()
  return row
}

async function answer(db: DataSourceDb, id: string) {
  return dataSourceFromRow(await requireSource(db, id))
}

/** A unique index refused the name: another source has it. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (isUniqueViolation(err)) throw datasourceNameDuplicate()
    throw err
  }
}

/** Paged, newest first; name matches a part, the others exactly. */
export const datasourceList = route(contract.datasourceList, async ({ pageNum, pageSize, name, sourceType, dbType, applicationCode, status }, call) => {
  const db = dbOf(call)
  let base = db.selectFrom('datasources')
  if (name?.trim()) base = base.where(containsText('name', name))
  if (sourceType?.trim()) base = base.where('source_type', '=', sourceType.trim())
  if (dbType?.trim()) base = base.where('db_type', '=', dbType.trim())
  if (applicationCode?.trim()) base = base.where('application_code', '=', applicationCode.trim())
  if (status?.trim()) base = base.where('status', '=', status.trim())
  return page(base.selectAll().orderBy('created_at', 'desc').orderBy('id'), { pageNum, pageSize }, (rows) => rows.map(dataSourceFromRow))
})

export const datasourceGet = route(contract.datasourceGet, async ({ id }, call) => answer(dbOf(call), id))

/** The enabled sources a producer or consumer form offers, by name; either filter may be left out. */
export const datasourceListByApplicationCodeAndSourceType = route(contract.datasourceListByApplicationCodeAndSourceType, async ({ applicationCode, sourceType }, call) => {
  let query = dbOf(call).selectFrom('datasources').selectAll().where('status', '=', ENABLED)
  if (applicationCode?.trim()) query = query.where('application_code', '=', applicationCode.trim())
  if (sourceType?.trim()) query = query.where('source_type', '=', sourceType.trim())
  return (await query.orderBy('name').execute()).map(dataSourceFromRow)
})

export const datasourceCreate = route(contract.datasourceCreate, async (input, call) => {
  const db = dbOf(call)
  const who = await author(call)
  const id = newId()
  const { password, privateKey, ...values } = input
  const key = hubSecretKey(call)
  await uniqueName(() =>
    db
      .insertInto('datasources')
      .values({ id, ...dataSourceColumns(values), password_secret: encryptSecret(key, password), private_key_secret: encryptSecret(key, privateKey), ...created(who) })
      .execute(),
  )
  return answer(db, id)
})

/**
 * Spec: an enabled source cannot be edited. An empty password or private key keeps the stored
 * one. Another host or port is another server: its pinned host key goes unless one is sent.
 */
export const datasourceUpdate = route(contract.datasourceUpdate, async (input, call) => {
  const db = dbOf(call)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await requireSource(tx, input.id)
    checkVersion(stored.version, input.version)
    if (stored.status === ENABLED) throw datasourceEditEnabled()
    const { password, privateKey, ...values } = mergeUpdate(contract.dataSourceInputSchema, dataSourceFromRow(stored), call.raw, INPUT_KEYS)
    const key = hubSecretKey(call)
    const secret = password === '' ? stored.password_secret : encryptSecret(key, password)
    const keySecret = privateKey === '' ? stored.private_key_secret : encryptSecret(key, privateKey)
    const moved = values.host !== stored.host || values.port !== stored.port
    if (moved && input.hostKey === undefined) values.hostKey = ''
    await uniqueName(() => saveChanges(tx, 'datasources', stored, { ...dataSourceColumns(values), password_secret: secret, private_key_secret: keySecret }, who))
  })
  return answer(db, input.id)
})

/** Sets the status sent, or toggles when none is sent. */
export const datasourceStatus = route(contract.datasourceStatus, async ({ id, version, status }, call) => {
  const db = dbOf(call)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await requireSource(tx, id)
    checkVersion(stored.version, version)
    const next = status ?? (stored.status === ENABLED ? '0' : ENABLED)
    if (next !== stored.status) await saveChanges(tx, 'datasources', stored, { status: next }, who)
  })
  return answer(db, id)
})

/**
 * Spec part 2 §4: an active source must be disabled before it is deleted. A source a producer or
 * consumer still names is refused too: deleting it would break their next run.
 */
export const datasourceDelete = route(contract.datasourceDelete, async ({ id, version }, call) => {
  const db = dbOf(call)
  await db.transaction().execute(async (tx) => {
    const stored = await requireSource(tx, id)
    checkVersion(stored.version, version)
    if (stored.status === ENABLED) throw datasourceDeleteEnabled()
    // Inside the transaction: SQLite has one connection, a query beside it would wait forever.
    const hub = datahubDb(tx as unknown as Kysely<HubDatabase>)
    // Named in the basic field, or in a mode model (dblink, ldap, bigdata, mq: "dataSourceName").
    const inModel = `%${escapeLike(`"dataSourceName":${JSON.stringify(stored.name)}`)}%`
    const producer = await hub
      .selectFrom('producers')
      .select('id')
      .where((eb) => eb.or([eb('data_source_name', '=', stored.name), likePattern('models', inModel)]))
      .executeTakeFirst()
    const consumer = await hub
      .selectFrom('consumers')
      .select('id')
      .where((eb) => eb.or([eb('datasource_name', '=', stored.name), likePattern('models', inModel)]))
      .executeTakeFirst()
    if (producer || consumer) throw datasourceInUse()
    await tx.deleteFrom('datasources').where('id', '=', id).where('version', '=', stored.version).execute()
  })
  return null
})

/** The connection fields with their rules, the kind deciding the type when it is not sent. */
const connectionSchema = z
  .object({
    sourceType: dataSourceRuleShape.sourceType,
    dbType: dataSourceRuleShape.dbType,
    host: dataSourceRuleShape.host,
    port: dataSourceRuleShape.port,
    databaseName: dataSourceRuleShape.databaseName,
    username: dataSourceRuleShape.username,
    hostKey: dataSourceRuleShape.hostKey,
    timeout: dataSourceRuleShape.timeout,
  })
  .superRefine(checkDataSource)

const typeOfKind = (dbType: unknown): SourceType | undefined =>
  (Object.keys(DB_TYPES_BY_SOURCE) as SourceType[]).find((t) => DB_TYPES_BY_SOURCE[t].includes(String(dbType)))

/**
 * A real connection with the form's fields, or a stored source's, within the source's timeout.
 * A stored SFTP source tested at its own host and port pins the host key it meets first.
 */
export const datasourceTest = route(
  contract.datasourceTest,
  async (input, call) => {
    const { id, password, privateKey, ...sent } = input
    const stored = id ? await requireSource(dbOf(call), id) : undefined
    const base = stored ? dataSourceFromRow(stored) : {}
    const given = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined))
    const merged: Record<string, unknown> = { ...base, ...given }
    merged.sourceType ??= typeOfKind(merged.dbType)
    const parsed = connectionSchema.safeParse(merged, { reportInput: true })
    if (!parsed.success) throw validationRefusal(parsed.error)
    const kept = stored ? storedSecrets(stored, call.hub) : { password: '', privateKey: '' }
    const spec = specOf(parsed.data, { password: password || kept.password, privateKey: privateKey || kept.privateKey }, call.hub)
    if (stored && stored.host === parsed.data.host && stored.port === parsed.data.port) spec.pinHostKey = sourceSpec(stored, call.hub).pinHostKey
    return testConnection(spec)
  },
  { successMessage: 'msg_datasource_test_success' },
)
