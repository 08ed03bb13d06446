import type { Kysely } from 'kysely'

/**
 * Applications, their modules, APIs and API groups, and gateway routes (spec part 2 §3).
 * Client routers already exist (0001). Schema-builder calls only, so SQLite and PostgreSQL get
 * the same tables. Modules, groups and APIs refer to their application by its code, which is
 * locked once created; no cascade: the hub refuses to delete an application that still has them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('app_type', 'text', (c) => c.notNull())
    .addColumn('stakeholder', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stakeholder_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stakeholder_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('route_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('application_modules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_code', 'text', (c) => c.notNull().references('applications.code'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('application_modules_code_uq', ['app_code', 'code'])
    .execute()

  await db.schema
    .createTable('api_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_code', 'text', (c) => c.notNull().references('applications.code'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('api_groups_code_uq', ['app_code', 'code'])
    .execute()

  await db.schema
    .createTable('application_apis')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_code', 'text', (c) => c.notNull().references('applications.code'))
    // No cascade: a group with APIs cannot be deleted.
    .addColumn('group_id', 'text', (c) => c.references('api_groups.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('application_apis_code_uq', ['app_code', 'code'])
    // One application answers one method on one endpoint once.
    .addUniqueConstraint('application_apis_endpoint_uq', ['app_code', 'method', 'endpoint'])
    .execute()
  await db.schema.createIndex('application_apis_group_idx').on('application_apis').column('group_id').execute()

  await db.schema
    .createTable('gateway_routes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'internal' (prefix under /inner) or 'external' (path under /outer).
    .addColumn('kind', 'text', (c) => c.notNull())
    // Unique across kinds: one path forwards to one service.
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('target_service', 'text', (c) => c.notNull())
    .addColumn('service_type', 'text', (c) => c.notNull())
    .addColumn('auth_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('gateway_routes_kind_idx').on('gateway_routes').column('kind').execute()
}
