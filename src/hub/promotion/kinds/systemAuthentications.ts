import { sysAuthCreate } from '../../../shared/contract/platform/messaging/sysAuthentication'
import type { SystemAuthenticationEntry } from '../../../shared/contract/promotion/document'
import { createSysAuthIn, hashSecret, updateSysAuthIn } from '../../platform/messaging/sysAuthentication'
import { sysAuthenticationRepository as sysAuths } from '../../platform/messaging/sysAuthenticationRepository'
import { messagingDb, type SysAuthenticationsTable } from '../../platform/messaging/tables'
import type { Selectable } from 'kysely'
import { administratorOnly } from '../../authority/grants'
import { parseAs, type Candidate, type Existing, type PromotionTarget, type Tx } from '../target'

/**
 * System authentications, by application code. The secret is never exported (the hub keeps its
 * digest, and its sealed form for SSO tokens: neither leaves the hub), so the
 * document always carries a placeholder: a new one needs the secret the application presents.
 */
type Row = Selectable<SysAuthenticationsTable>

export function systemAuthenticationEntry(row: Row): SystemAuthenticationEntry {
  const r = sysAuths.toRecord(row)
  return { appCode: r.appCode, name: r.name, tokenType: r.tokenType, tokenValidity: r.tokenValidity, status: r.status, remark: r.remark, secret: { $secret: `systemAuthentication.${r.appCode}.secret` } }
}

export const readSystemAuthentication = (db: Tx, appCode: string): Promise<Row | undefined> =>
  sysAuths.from(messagingDb(db)).selectAll().where('app_code', '=', appCode).executeTakeFirst()

const compared = ({ secret: _secret, ...fields }: SystemAuthenticationEntry) => fields

export function systemAuthenticationCandidate(entry: SystemAuthenticationEntry, target: PromotionTarget): Candidate {
  const incoming = compared(entry)
  const input = () => parseAs(sysAuthCreate.input, incoming)
  return {
    kind: 'systemAuthentication',
    code: entry.appCode,
    editor: sysAuthCreate,
    incoming,
    secrets: [{ field: 'secret', ref: entry.secret }],
    async read(tx): Promise<Existing | undefined> {
      const row = await readSystemAuthentication(tx, entry.appCode)
      if (!row) return undefined
      return {
        id: row.id,
        fields: compared(systemAuthenticationEntry(row)),
        secretMatches: (_field, plain) => hashSecret(plain) === row.secret_hash,
        change: async (tx, _changed, secrets) => {
          // A new secret for an application whose tokens may sign in administrators is an administrator's (authority/ways.ts).
          if (secrets.secret && hashSecret(secrets.secret) !== row.secret_hash && row.admin_sign_in === '1' && !target.administrator) throw administratorOnly()
          await updateSysAuthIn(messagingDb(tx), target.secretKey, row.id, input(), secrets.secret)
        },
      }
    },
    async create(tx, secrets) {
      await createSysAuthIn(messagingDb(tx), target.secretKey, input(), secrets.secret ?? '')
    },
  }
}

