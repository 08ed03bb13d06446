import { datasourceCreate, dataSourceInputSchema } from '../../../shared/contract/datahub/dataSources'
import type { DataSourceEntry } from '../../../shared/contract/promotion/document'
import { dataSourceRepository as sources } from '../../datahub/dataSources/dataSourceRepository'
import { createDataSourceIn, updateDataSourceIn } from '../../datahub/dataSources/dataSourceHandlers'
import type { DataSourceRow } from '../../datahub/dataSources/records'
import { decryptSecret } from '../../kernel/secrets'
import { dataSourceDb } from '../../datahub/dataSources/tables'
import { AUDIT_KEYS, parseAs, pick, without, type Candidate, type Existing, type PromotionTarget, type Tx } from '../target'

/** Data sources, by name; password and SFTP private key are placeholders. */
const SECRETS = ['password', 'privateKey'] as const
const placeholder = (name: string, field: string) => ({ $secret: `dataSource.${name}.${field}` })

/** The source as a document holds it. */
export function dataSourceEntry(row: DataSourceRow): DataSourceEntry {
  const record = without(sources.toRecord(row), [...AUDIT_KEYS, 'passwordSet', 'privateKeySet'])
  return {
    ...record,
    password: row.password_secret ? placeholder(row.name, 'password') : '',
    privateKey: row.private_key_secret ? placeholder(row.name, 'privateKey') : '',
  }
}

export const readDataSource = (db: Tx, name: string) => sources.byName(dataSourceDb(db), name)

const compared = (entry: DataSourceEntry) => without(entry, SECRETS)

function secretOf(row: DataSourceRow, field: string, key: Buffer): string {
  try {
    return decryptSecret(key, field === 'password' ? row.password_secret : row.private_key_secret)
  } catch {
    return '\u0000unreadable'
  }
}

export function dataSourceCandidate(entry: DataSourceEntry, target: PromotionTarget): Candidate {
  const incoming = compared(entry)
  return {
    kind: 'dataSource',
    code: entry.name,
    editor: datasourceCreate,
    incoming,
    secrets: SECRETS.map((field) => ({ field, ref: entry[field] })),
    async read(tx): Promise<Existing | undefined> {
      const row = await readDataSource(tx, entry.name)
      if (!row) return undefined
      return {
        id: row.id,
        fields: compared(dataSourceEntry(row)),
        secretMatches: (field, plain) => secretOf(row, field, target.secretKey) === plain,
        /**
         * Spec: an enabled source is not edited (updateDataSourceIn refuses). The status is
         * switched as the list's switch does it: a source the document disables first, one it
         * enables after its edit — what an administrator would do by hand.
         */
        async change(tx, changed, secrets) {
          const db = dataSourceDb(tx)
          const fields = new Set([...changed].filter((f) => f !== 'status'))
          const setStatus = async () => sources.save(db, await sources.stored(db, row.id), { status: entry.status }, target.who)
          if (changed.has('status') && entry.status !== '1') await setStatus()
          if (fields.size > 0 || Object.keys(secrets).length > 0) {
            await updateDataSourceIn(db, target.secretKey, await sources.stored(db, row.id), { ...pick(incoming, fields), ...secrets }, true, target.who)
          }
          if (changed.has('status') && entry.status === '1') await setStatus()
        },
      }
    },
    async create(tx, secrets) {
      const input = parseAs(dataSourceInputSchema, { ...incoming, password: secrets.password ?? '', privateKey: secrets.privateKey ?? '' })
      await createDataSourceIn(dataSourceDb(tx), target.secretKey, input, target.who)
    },
  }
}
