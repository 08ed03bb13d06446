import type { Kysely } from 'kysely'

/**
 * Platform administration (spec part 2 §3 labels): organisations, positions and their links,
 * the employee fields of a user, and the role type. Schema-builder calls only, so SQLite and
 * PostgreSQL get the same tables. Added columns carry defaults: existing rows stay valid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const userColumns: [string, string][] = [
    ['gender', ''],
    ['email', ''],
    ['mobile', ''],
    ['phone', ''],
    ['employee_type', ''],
    // Able to log in to the back office (spec: "able-to-login-backend flag").
    ['can_login', '1'],
    ['is_sys', '0'],
    ['is_butler', '0'],
    ['proxy_user_id', ''],
    ['proxy_start', ''],
    ['proxy_end', ''],
  ]
  for (const [name, fallback] of userColumns) {
    await db.schema.alterTable('users').addColumn(name, 'text', (c) => c.notNull().defaultTo(fallback)).execute()
  }
  await db.schema.alterTable('roles').addColumn('role_type', 'text', (c) => c.notNull().defaultTo('')).execute()

  await db.schema
    .createTable('organisations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_code', 'text', (c) => c.notNull().unique())
    .addColumn('org_name', 'text', (c) => c.notNull())
    .addColumn('org_type', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('manager_id', 'text')
    // No cascade: the hub deletes a branch itself, children first, after its checks.
    .addColumn('parent_id', 'text', (c) => c.references('organisations.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('organisations_parent_idx').on('organisations').column('parent_id').execute()

  await db.schema
    .createTable('positions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.references('positions.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('org_positions')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('position_id', 'text', (c) => c.notNull().references('positions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('org_positions_pk', ['org_id', 'position_id'])
    .execute()

  await db.schema
    .createTable('user_orgs')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_orgs_pk', ['user_id', 'org_id'])
    .execute()

  await db.schema
    .createTable('user_positions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position_id', 'text', (c) => c.notNull().references('positions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_positions_pk', ['user_id', 'position_id'])
    .execute()
}
