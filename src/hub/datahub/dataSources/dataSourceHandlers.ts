import { z } from 'zod'
import * as contract from '../../../shared/contract/datahub/dataSources'
import { checkDataSource, DB_TYPES_BY_SOURCE, dataSourceRuleShape, type SourceType } from '../../../shared/rules/datahub/dataSource'
import { route, type CallContext } from '../../http/context'
import { validationRefusal } from '../../http/validation'
import { newId } from '../../store/ids'
import { checkVersion } from '../refusals'
import { author, created, mergeUpdate, type Author } from '../saving'
import { testConnection } from './connect'
import { dataSourceRepository as sources } from './dataSourceRepository'
import { dataSourceColumns, type DataSourceRow } from './records'
import { datasourceDeleteEnabled, datasourceEditEnabled, datasourceInUse } from './refusals'
import { encryptSecret } from '../../kernel/secrets'
import { hubSecretKey, sourceSpec, specOf, storedSecrets } from './specs'
import { dataSourceDb, type DataSourceDb } from './tables'

const INPUT_KEYS = Object.keys(dataSourceRuleShape)
const ENABLED = '1'

const dbOf = (call: CallContext) => dataSourceDb(call.hub.store.db)

export const datasourceList = route(contract.datasourceList, async (q, call) => sources.list(dbOf(call), q))

export const datasourceGet = route(contract.datasourceGet, async ({ id }, call) => sources.find(dbOf(call), id))

/** The enabled sources a producer or consumer form offers, by name; either filter may be left out. */
export const datasourceListByApplicationCodeAndSourceType = route(contract.datasourceListByApplicationCodeAndSourceType, async ({ applicationCode, sourceType }, call) =>
  sources.enabled(dbOf(call), applicationCode, sourceType),
)

type DataSourceInput = z.output<typeof contract.dataSourceInputSchema>

/**
 * A new source in the caller's database or transaction (the create below, promotion's apply),
 * its secrets encrypted with the hub's key; the name's unique index refuses a taken one. Its id.
 */
export async function createDataSourceIn(db: DataSourceDb, key: Buffer, input: DataSourceInput, who: Author): Promise<string> {
  const id = newId()
  const { password, privateKey, ...values } = input
  await sources.insert(db, { id, ...dataSourceColumns(values), password_secret: encryptSecret(key, password), private_key_secret: encryptSecret(key, privateKey), ...created(who) })
  return id
}

/**
 * The fields `sent` has laid over a stored source, in the caller's transaction. Spec: an enabled
 * source cannot be edited. An empty password or private key keeps the stored one. Another host
 * or port is another server: its pinned host key goes unless one is sent.
 */
export async function updateDataSourceIn(tx: DataSourceDb, key: Buffer, stored: DataSourceRow, sent: unknown, hostKeySent: boolean, who: Author): Promise<void> {
  if (stored.status === ENABLED) throw datasourceEditEnabled()
  const { password, privateKey, ...values } = mergeUpdate(contract.dataSourceInputSchema, sources.toRecord(stored), sent, INPUT_KEYS)
  const secret = password === '' ? stored.password_secret : encryptSecret(key, password)
  const keySecret = privateKey === '' ? stored.private_key_secret : encryptSecret(key, privateKey)
  const moved = values.host !== stored.host || values.port !== stored.port
  if (moved && !hostKeySent) values.hostKey = ''
  await sources.save(tx, stored, { ...dataSourceColumns(values), password_secret: secret, private_key_secret: keySecret }, who)
}

export const datasourceCreate = route(contract.datasourceCreate, async (input, call) => {
  const db = dbOf(call)
  const id = await createDataSourceIn(db, hubSecretKey(call), input, await author(call))
  return sources.find(db, id)
})

/** Spec: an enabled source cannot be edited (updateDataSourceIn). */
export const datasourceUpdate = route(contract.datasourceUpdate, async (input, call) => {
  const db = dbOf(call)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await sources.stored(tx, input.id)
    checkVersion(stored.version, input.version)
    await updateDataSourceIn(tx, hubSecretKey(call), stored, call.raw, input.hostKey !== undefined, who)
  })
  return sources.find(db, input.id)
})

/** Sets the status sent, or toggles when none is sent. */
export const datasourceStatus = route(contract.datasourceStatus, async ({ id, version, status }, call) => {
  const db = dbOf(call)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const stored = await sources.stored(tx, id)
    checkVersion(stored.version, version)
    const next = status ?? (stored.status === ENABLED ? '0' : ENABLED)
    if (next !== stored.status) await sources.save(tx, stored, { status: next }, who)
  })
  return sources.find(db, id)
})

/**
 * Spec part 2 §4: an active source must be disabled before it is deleted. A source a producer or
 * consumer still names is refused too: deleting it would break their next run.
 */
export const datasourceDelete = route(contract.datasourceDelete, async ({ id, version }, call) => {
  const db = dbOf(call)
  await db.transaction().execute(async (tx) => {
    const stored = await sources.stored(tx, id)
    checkVersion(stored.version, version)
    if (stored.status === ENABLED) throw datasourceDeleteEnabled()
    // Inside the transaction: SQLite has one connection, a query beside it would wait forever.
    if (await sources.inUse(tx, stored.name)) throw datasourceInUse()
    await sources.removeVersioned(tx, stored)
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
    const stored = id ? await sources.stored(dbOf(call), id) : undefined
    const base = stored ? sources.toRecord(stored) : {}
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
