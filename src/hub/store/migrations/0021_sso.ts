import type { Kysely } from 'kysely'

/**
 * Single sign-on (issue 17).
 *
 * `sso_providers`: the identity providers an administrator configured — kind `cas` (server_url
 * is the CAS server's base URL), `oidc` (server_url is the issuer; client_secret is AES-256-GCM
 * text, the data sources' helper), `app` (signed application tokens: app_code names the system
 * authentication whose secret signs them). `claim` is what is read from the provider's answer,
 * `match_by` the user column it is compared with; `redirect_uris` and `roles` are JSON arrays.
 * `sso_flows`: authorizations begun by /sso/authorize, keyed by their state (nonce and PKCE
 * verifier kept here, never sent to the desktop), single use, short-lived. `sso_used`: tickets
 * and signed tokens already presented (their SHA-256, never the value), kept until they could
 * no longer be accepted anyway; in the store so several hub nodes share it.
 * `login_log`: every sign-in and refusal with its reason. `users.employee_no`: the employee
 * number providers may map by. `sys_authentications.secret_sealed`: the secret encrypted (the
 * digest beside it cannot key an HMAC); made by create and "new secret" from now on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_providers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('enabled', 'text', (c) => c.notNull().defaultTo('1'))
    .addColumn('server_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_secret', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('app_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('claim', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('match_by', 'text', (c) => c.notNull().defaultTo('username'))
    .addColumn('redirect_uris', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('auto_create', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sso_flows')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('provider_id', 'text', (c) => c.notNull().references('sso_providers.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sso_used')
    .addColumn('digest', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('login_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.createIndex('login_log_at_idx').on('login_log').column('at').execute()

  await db.schema.alterTable('users').addColumn('employee_no', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.alterTable('sys_authentications').addColumn('secret_sealed', 'text', (c) => c.notNull().defaultTo('')).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_authentications').dropColumn('secret_sealed').execute()
  await db.schema.alterTable('users').dropColumn('employee_no').execute()
  await db.schema.dropIndex('login_log_at_idx').ifExists().execute()
  for (const table of ['login_log', 'sso_used', 'sso_flows', 'sso_providers']) await db.schema.dropTable(table).ifExists().execute()
}
