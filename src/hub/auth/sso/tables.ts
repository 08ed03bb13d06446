import type { Kysely } from 'kysely'
import { repositoryOf } from '../../store/repository'
import type { HubDatabase } from '../../store/schema'
import type { LoginLogTable } from '../loginAttemptRepository'

/** The tables of migration 0021 as Kysely sees them. */
export interface SsoProvidersTable {
  id: string
  /** 'cas' | 'oidc' | 'app'. */
  kind: string
  name: string
  /** '1' enabled. */
  enabled: string
  /** CAS server base URL, or OIDC issuer. */
  server_url: string
  client_id: string
  /** AES-256-GCM text (datahub/dataSources/secrets.ts); '' when none. */
  client_secret: string
  scopes: string
  app_code: string
  claim: string
  /** 'username' | 'email' | 'employeeNo'. */
  match_by: string
  /** JSON array of URLs. */
  redirect_uris: string
  auto_create: string
  /** JSON array of role codes. */
  roles: string
  remark: string
  /** '1': an administrator trusts it to sign in administrators (migration 0025). */
  admin_trusted: string
  /** Who last saved it ('' before migration 0025): automatic creation grants what they could. */
  saved_by: string
  created_at: string
  updated_at: string
}

export interface SsoFlowsTable {
  state: string
  provider_id: string
  redirect_uri: string
  nonce: string
  code_verifier: string
  expires_at: string
}

export interface SsoUsedTable {
  /** 'cas:' / 'app:' + SHA-256 hex of what was presented. */
  digest: string
  expires_at: string
}

export type SsoTables = {
  sso_providers: SsoProvidersTable
  sso_flows: SsoFlowsTable
  sso_used: SsoUsedTable
  login_log: LoginLogTable
}

export const ssoDb = (db: Kysely<HubDatabase>) => db.withTables<SsoTables>()
export type SsoDb = ReturnType<typeof ssoDb>
export type SsoDatabase = HubDatabase & SsoTables

export const ssoRepository = repositoryOf<SsoDatabase>()
