import type { Kysely } from 'kysely'
import type { HubDatabase } from '../../store/schema'
import { repositoryOf } from '../../store/repository'

/** The tables of migration 0008 as Kysely sees them. */
interface Stamps {
  id: string
  created_at: string
  updated_at: string
}

export interface SysAuthenticationsTable extends Stamps {
  app_code: string
  name: string
  token_type: string
  token_validity: number
  status: string
  remark: string
  /** SHA-256 hex of the secret. */
  secret_hash: string
  /**
   * Migration 0021: the secret, AES-256-GCM (datahub/dataSources/secrets.ts), for what needs
   * the secret itself (signed single sign-on tokens are HMACs keyed by it); '' for a secret
   * made before 0021 (a new secret fills it).
   */
  secret_sealed: string
  secret_updated_at: string
  /** '1': an administrator allowed its signed SSO tokens to sign in administrators (migration 0025). */
  admin_sign_in: string
}

export interface PfAuthenticationsTable extends Stamps {
  authen_name: string
  authen_type: string
  token_key: string
  /** AES-256-GCM text of the static token; '' when none. */
  token_secret: string
  token_url: string
  token_method: string
  token_params: string
  token_status_code: string
  token_parse_level: string
  token_validity: string
  status: string
  remark: string
}

export interface EmailServersTable extends Stamps {
  host: string
  port: number
  ssl: string
  account: string
  /** AES-256-GCM text of the password. */
  password_secret: string
  protocol: string
  sender_name: string
  is_default: string
  remark: string
}

export interface EmailTemplatesTable extends Stamps {
  code: string
  name: string
  subject: string
  content: string
  remark: string
}

export interface ChannelsTable extends Stamps {
  code: string
  name: string
  channel_type: string
  is_default: string
  load_limit: number
  /** JSON array. */
  ip_whitelist: string
  /** AES-256-GCM text; '' when none. */
  secret_secret: string
  secret_expire_time: string
  old_secret_valid_minutes: number
  old_secret_secret: string
  old_secret_valid_until: string
  retry_num: number
  retry_interval: number
  remark: string
}

export type MessagingTables = {
  sys_authentications: SysAuthenticationsTable
  pf_authentications: PfAuthenticationsTable
  email_servers: EmailServersTable
  email_templates: EmailTemplatesTable
  msg_channels: ChannelsTable
}

export const messagingDb = (db: Kysely<HubDatabase>) => db.withTables<MessagingTables>()
export type MessagingDb = ReturnType<typeof messagingDb>
export type MessagingDatabase = HubDatabase & MessagingTables

/** The repositories of this area's aggregates, typed on its tables (store/repository.ts). */
export const messagingRepository = repositoryOf<MessagingDatabase>()
