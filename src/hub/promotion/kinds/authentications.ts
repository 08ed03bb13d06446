import { authenticationCreate, authenticationInputSchema } from '../../../shared/contract/datahub/authentication'
import type { ApiAuthenticationEntry } from '../../../shared/contract/promotion/document'
import { authenticationRepository as authentications } from '../../datahub/dataSources/authenticationRepository'
import { createAuthenticationIn, updateAuthenticationIn } from '../../datahub/dataSources/authenticationHandlers'
import type { AuthenticationRow } from '../../datahub/dataSources/records'
import { decryptSecret } from '../../kernel/secrets'
import { dataSourceDb } from '../../datahub/dataSources/tables'
import { AUDIT_KEYS, parseAs, pick, promotionAmbiguous, without, type Candidate, type Existing, type PromotionTarget, type Tx } from '../target'

/** API authentication methods, by `<appCode>/<authenName>`; the static token is a placeholder. */
export const authenticationCode = (appCode: string, authenName: string): string => `${appCode}/${authenName}`

export function apiAuthenticationEntry(row: AuthenticationRow): ApiAuthenticationEntry {
  const record = without(authentications.toRecord(row), [...AUDIT_KEYS, 'tokenValueSet'])
  return { ...record, tokenValue: row.token_secret ? { $secret: `apiAuthentication.${authenticationCode(row.app_code, row.authen_name)}.tokenValue` } : '' }
}

/** The method of this code (several of one name: refused as ambiguous), or undefined. */
export async function readAuthentication(db: Tx, code: string): Promise<AuthenticationRow | undefined> {
  const cut = code.indexOf('/')
  if (cut < 0) return undefined
  const found = await authentications
    .from(dataSourceDb(db))
    .selectAll()
    .where('app_code', '=', code.slice(0, cut))
    .where('authen_name', '=', code.slice(cut + 1))
    .execute()
  if (found.length > 1) throw promotionAmbiguous()
  return found[0]
}

/** A method by its id (what producers and consumers store), to name it in a document. */
export const authenticationById = (db: Tx, id: string) => authentications.from(dataSourceDb(db)).selectAll().where('id', '=', id).executeTakeFirst()

const compared = (entry: ApiAuthenticationEntry) => without(entry, ['tokenValue'])

export function apiAuthenticationCandidate(entry: ApiAuthenticationEntry, target: PromotionTarget): Candidate {
  const incoming = compared(entry)
  const code = authenticationCode(entry.appCode, entry.authenName)
  return {
    kind: 'apiAuthentication',
    code,
    editor: authenticationCreate,
    incoming,
    secrets: [{ field: 'tokenValue', ref: entry.tokenValue }],
    async read(tx): Promise<Existing | undefined> {
      const row = await readAuthentication(tx, code)
      if (!row) return undefined
      return {
        id: row.id,
        fields: compared(apiAuthenticationEntry(row)),
        secretMatches: (_field, plain) => {
          try {
            return decryptSecret(target.secretKey, row.token_secret) === plain
          } catch {
            return false
          }
        },
        change: (tx, changed, secrets) => updateAuthenticationIn(dataSourceDb(tx), target.secretKey, row, { ...pick(incoming, changed), ...secrets }, target.who),
      }
    },
    async create(tx, secrets) {
      const input = parseAs(authenticationInputSchema, { ...incoming, tokenValue: secrets.tokenValue ?? '' })
      await createAuthenticationIn(dataSourceDb(tx), target.secretKey, input, target.who)
    },
  }
}
