import type { Kysely } from 'kysely'

/**
 * Foundation tables: identity, sessions, menus and routes, reference data, behaviour events,
 * data versions and licences. Schema-builder calls only, so the same code creates the same
 * tables on SQLite and PostgreSQL. Migrations never import the current table types: they
 * describe the schema as it was at this step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('preference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('roles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('role_code', 'text', (c) => c.notNull().unique())
    .addColumn('role_name', 'text', (c) => c.notNull())
    .addColumn('is_sys', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute()

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
    .execute()

  await db.schema
    .createTable('client_routers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('component', 'text', (c) => c.notNull())
    .addColumn('app_code', 'text', (c) => c.notNull())
    .addColumn('meta_data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('menus')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.references('menus.id').onDelete('cascade'))
    .addColumn('menu_name_zh', 'text', (c) => c.notNull())
    .addColumn('menu_name_en', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('permission', 'text')
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('app_code', 'text', (c) => c.notNull())
    .addColumn('component', 'text')
    .addColumn('meta_data', 'text', (c) => c.notNull())
    .addColumn('params', 'text')
    .addColumn('client_router_id', 'text', (c) => c.references('client_routers.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('menus_parent_idx').on('menus').column('parent_id').execute()

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('login_failures_username_at_idx').on('login_failures').columns(['username', 'at']).execute()

  await db.schema
    .createTable('dictionary_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dict_type', 'text', (c) => c.notNull().unique())
    .addColumn('dict_name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('dictionary_data')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dict_type', 'text', (c) => c.notNull().references('dictionary_types.dict_type').onDelete('cascade'))
    .addColumn('dict_value', 'text', (c) => c.notNull())
    .addColumn('dict_label_cn', 'text', (c) => c.notNull())
    .addColumn('dict_label_en', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('dictionary_data_type_value_uq', ['dict_type', 'dict_value'])
    .execute()

  await db.schema
    .createTable('parameters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parameter_key', 'text', (c) => c.notNull().unique())
    .addColumn('parameter_name', 'text', (c) => c.notNull())
    .addColumn('parameter_value', 'text', (c) => c.notNull())
    .addColumn('app_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('lang_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('is_default', 'text', (c) => c.notNull())
    .addColumn('used', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('i18n_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lang_code', 'text', (c) => c.notNull())
    .addColumn('message_key', 'text', (c) => c.notNull())
    .addColumn('message_value', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('i18n_messages_lang_key_uq', ['lang_code', 'message_key'])
    .execute()

  await db.schema
    .createTable('behaviour_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('info', 'text')
    .addColumn('err', 'text')
    .addColumn('vm', 'text')
    .addColumn('url', 'text')
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('data_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('licences')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('product_name_cn', 'text', (c) => c.notNull())
    .addColumn('product_name_en', 'text', (c) => c.notNull())
    .addColumn('expired_date', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}
