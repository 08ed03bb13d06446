import { sql, type Kysely } from 'kysely'

/**
 * The approval workflow (issue 19, hub side; src/hub/approvals/README.md).
 *
 * `wf_process_types`: the administrator's categories of processes.
 * `wf_processes`: editable process definitions (the designer's model and the BPMN 2.0 XML made
 * from it), one per process key. `wf_deployments`: immutable deployed versions, numbered per key.
 * `wf_instances`: running and ended instances ("subjects" on the workbench) with the engine's
 * serialised state and a row version (a step is taken under a row lock and a version check).
 * `wf_tasks`: one row per approver of a reached approval node. `wf_changes`: a change of hub
 * configuration waiting for, or decided by, an instance; a partial unique index keeps at most
 * one reviewing change per object (the object "is changing"). `wf_role_approvals`: per role,
 * whether its users' changes need approval and by which process. `wf_mail_tokens`: the
 * single-use links of approval mails (the signed token's nonce; the token itself is not kept).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wf_process_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('wf_processes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('process_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('bpmn_xml', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('wf_deployments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('process_key', 'text', (c) => c.notNull())
    .addColumn('deploy_version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('bpmn_xml', 'text', (c) => c.notNull())
    // The definition's row version it was made from: "changed since deployed" compares it.
    .addColumn('source_version', 'integer', (c) => c.notNull())
    .addColumn('deployed_at', 'text', (c) => c.notNull())
    .addColumn('deployed_by', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('wf_deployments_key_uq').on('wf_deployments').columns(['process_key', 'deploy_version']).unique().execute()

  await db.schema
    .createTable('wf_instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('deployment_id', 'text', (c) => c.notNull())
    .addColumn('process_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // change (a change request of hub configuration); other kinds may come with their own types
    .addColumn('business_type', 'text', (c) => c.notNull())
    .addColumn('business_id', 'text', (c) => c.notNull())
    // reviewing | approved | rejected | undone
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('variables', 'text', (c) => c.notNull())
    .addColumn('engine_state', 'text', (c) => c.notNull())
    .addColumn('row_version', 'integer', (c) => c.notNull())
    .addColumn('submitter_id', 'text', (c) => c.notNull())
    .addColumn('submitter_name', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute()
  await db.schema.createIndex('wf_instances_submitter_idx').on('wf_instances').columns(['submitter_id', 'started_at']).execute()
  await db.schema.createIndex('wf_instances_key_idx').on('wf_instances').columns(['process_key', 'started_at']).execute()

  await db.schema
    .createTable('wf_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text', (c) => c.notNull())
    .addColumn('assignee_name', 'text', (c) => c.notNull())
    // pending | approved | rejected | closed
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'text')
    .execute()
  await db.schema.createIndex('wf_tasks_assignee_idx').on('wf_tasks').columns(['assignee_id', 'state', 'created_at']).execute()
  await db.schema.createIndex('wf_tasks_instance_idx').on('wf_tasks').columns(['instance_id', 'created_at']).execute()

  await db.schema
    .createTable('wf_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    // '' for a new object (a create waiting for approval)
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('object_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('before_content', 'text')
    .addColumn('after_content', 'text')
    .addColumn('diff', 'text', (c) => c.notNull())
    .addColumn('change_size', 'integer', (c) => c.notNull())
    .addColumn('base_version', 'integer')
    // reviewing | approved | rejected | undone
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('submitter_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute()
  await db.schema
    .createIndex('wf_changes_changing_uq')
    .on('wf_changes')
    .columns(['object_type', 'object_id'])
    .unique()
    .where(sql.ref('state'), '=', 'reviewing')
    .execute()
  await db.schema.createIndex('wf_changes_instance_idx').on('wf_changes').column('instance_id').execute()

  await db.schema
    .createTable('wf_role_approvals')
    .addColumn('role_id', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'text', (c) => c.notNull())
    .addColumn('process_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('wf_mail_tokens')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['wf_mail_tokens', 'wf_role_approvals', 'wf_changes', 'wf_tasks', 'wf_instances', 'wf_deployments', 'wf_processes', 'wf_process_types']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
