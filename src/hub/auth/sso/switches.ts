import type { Kysely } from 'kysely'
import type { HubDatabase } from '../../store/schema'

/**
 * The spec's parameters `sso` (CAS and OpenID Connect sign-in) and `appsso` (signed application
 * tokens), seeded '0'. Read per call: switching one off takes effect at once. '1' (or 'true')
 * is on.
 */
export async function parameterOn(db: Kysely<HubDatabase>, key: 'sso' | 'appsso'): Promise<boolean> {
  const row = await db.selectFrom('parameters').select('parameter_value').where('parameter_key', '=', key).executeTakeFirst()
  const value = row?.parameter_value.trim().toLowerCase()
  return value === '1' || value === 'true'
}
