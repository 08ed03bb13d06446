import { AUTHENTICATION_REF_PREFIX } from '../../shared/contract/promotion/document'
import { authenticationById, authenticationCode, readAuthentication } from './kinds/authentications'
import { readDataSource } from './kinds/dataSources'
import { missingAuthentication, missingDataSource, type Tx } from './target'

/**
 * What producers and consumers refer to. An API authentication is stored as the method's id
 * (`authenId` of an http model, `selectedAuth` of an API editor's authorization): each hub has
 * its own ids, so the document names the method by code and the target's id is looked up on the
 * way in. Data sources are named already (`dataSourceName`, `datasourceName`, and the models'
 * `dataSourceName`); the target must have each one, or get it from the same document.
 */
const AUTHENTICATION_KEYS = new Set(['authenId', 'selectedAuth'])
const DATA_SOURCE_KEYS = new Set(['dataSourceName', 'datasourceName'])

async function mapStrings(value: unknown, keys: ReadonlySet<string>, map: (text: string) => Promise<string>): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((v) => mapStrings(v, keys, map)))
  if (!value || typeof value !== 'object') return value
  // Entries, not assignment: a key `__proto__` of the document stays a key (it would set the prototype).
  const out: [string, unknown][] = []
  for (const [k, v] of Object.entries(value)) out.push([k, keys.has(k) && typeof v === 'string' && v !== '' ? await map(v) : await mapStrings(v, keys, map)])
  return Object.fromEntries(out)
}

/** The record with its authentication ids named by code (a dangling id, which no call could use, becomes ''). */
export const nameAuthentications = <T>(db: Tx, record: T): Promise<T> =>
  mapStrings(record, AUTHENTICATION_KEYS, async (id) => {
    const row = await authenticationById(db, id)
    return row ? AUTHENTICATION_REF_PREFIX + authenticationCode(row.app_code, row.authen_name) : ''
  }) as Promise<T>

/** The record with its authentication codes turned into the target's ids; a method the target lacks is refused. */
export const resolveAuthentications = <T>(db: Tx, record: T): Promise<T> =>
  mapStrings(record, AUTHENTICATION_KEYS, async (text) => {
    if (!text.startsWith(AUTHENTICATION_REF_PREFIX)) return text
    const code = text.slice(AUTHENTICATION_REF_PREFIX.length)
    const row = await readAuthentication(db, code)
    if (!row) throw missingAuthentication(code)
    return row.id
  }) as Promise<T>

/** Refuses the first data source the record names that the target does not have. */
export async function requireDataSources(db: Tx, record: unknown): Promise<void> {
  const names = new Set<string>()
  await mapStrings(record, DATA_SOURCE_KEYS, async (name) => {
    names.add(name)
    return name
  })
  for (const name of names) if (!(await readDataSource(db, name))) throw missingDataSource(name)
}

/** The data sources (by name) and API authentications (by code) a record refers to, once named by code (nameAuthentications). */
export async function referencesOf(record: unknown): Promise<{ dataSources: string[]; apiAuthentications: string[] }> {
  const dataSources = new Set<string>()
  const apiAuthentications = new Set<string>()
  await mapStrings(record, DATA_SOURCE_KEYS, async (name) => (dataSources.add(name), name))
  await mapStrings(record, AUTHENTICATION_KEYS, async (text) => {
    if (text.startsWith(AUTHENTICATION_REF_PREFIX)) apiAuthentications.add(text.slice(AUTHENTICATION_REF_PREFIX.length))
    return text
  })
  return { dataSources: [...dataSources].sort(), apiAuthentications: [...apiAuthentications].sort() }
}
