import type { Kysely } from 'kysely'
import { audit, texts } from './columns'

/**
 * Dashboards and widgets (issue 16).
 *
 * `dh_widgets`: a widget's title, layout type (its size when placed), chart type, data type, data
 * source (a data source's name, a hub metric's name or an address) and content (a query, JSON
 * data or rich text), under the optimistic version.
 * `dh_dashboards`: a title and its owner (users.id), under the optimistic version.
 * `dh_dashboard_widgets`: where each widget sits on a dashboard's 12-column grid and how big it is;
 * a widget sits once per dashboard. Read by widget too (a widget in use is not deleted).
 * `dh_dashboard_roles`: the role codes a dashboard is shared with (none: private to its owner);
 * read by role code when a user lists what it may see.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await audit(texts(db.schema.createTable('dh_widgets').addColumn('id', 'text', (c) => c.primaryKey()), ['title', 'layout_type', 'chart_type', 'data_type', 'data_source', 'content'])).execute()
  await db.schema.createIndex('dh_widgets_title_idx').on('dh_widgets').columns(['title', 'id']).execute()

  await audit(texts(db.schema.createTable('dh_dashboards').addColumn('id', 'text', (c) => c.primaryKey()), ['title', 'owner_id'])).execute()
  await db.schema.createIndex('dh_dashboards_owner_idx').on('dh_dashboards').columns(['owner_id']).execute()

  await db.schema
    .createTable('dh_dashboard_widgets')
    .addColumn('dashboard_id', 'text', (c) => c.notNull())
    .addColumn('widget_id', 'text', (c) => c.notNull())
    .addColumn('x', 'integer', (c) => c.notNull())
    .addColumn('y', 'integer', (c) => c.notNull())
    .addColumn('w', 'integer', (c) => c.notNull())
    .addColumn('h', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('dh_dashboard_widgets_pk', ['dashboard_id', 'widget_id'])
    .execute()
  await db.schema.createIndex('dh_dashboard_widgets_widget_idx').on('dh_dashboard_widgets').columns(['widget_id']).execute()

  await db.schema
    .createTable('dh_dashboard_roles')
    .addColumn('dashboard_id', 'text', (c) => c.notNull())
    .addColumn('role_code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dh_dashboard_roles_pk', ['dashboard_id', 'role_code'])
    .execute()
  await db.schema.createIndex('dh_dashboard_roles_role_idx').on('dh_dashboard_roles').columns(['role_code', 'dashboard_id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['dh_dashboard_roles', 'dh_dashboard_widgets', 'dh_dashboards', 'dh_widgets']) await db.schema.dropTable(table).ifExists().execute()
}
