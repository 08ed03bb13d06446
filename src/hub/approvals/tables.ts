import type { Kysely, Selectable } from 'kysely'
import { repositoryOf } from '../store/repository'
import type { HubDatabase } from '../store/schema'

/** The approval tables (migration 0022) as Kysely sees them. */
export interface ProcessTypesTable {
  id: string
  code: string
  name: string
  sort: number
  remark: string
  version: number
  created_at: string
  created_by: string
  updated_at: string
  updated_by: string
}

export interface ProcessesTable {
  id: string
  process_key: string
  name: string
  type_id: string
  remark: string
  /** The designer's model (JSON). */
  model: string
  bpmn_xml: string
  version: number
  created_at: string
  created_by: string
  updated_at: string
  updated_by: string
}

export interface DeploymentsTable {
  id: string
  process_id: string
  process_key: string
  deploy_version: number
  name: string
  type_id: string
  model: string
  bpmn_xml: string
  source_version: number
  deployed_at: string
  deployed_by: string
}

export interface InstancesTable {
  id: string
  deployment_id: string
  process_key: string
  title: string
  business_type: string
  business_id: string
  state: string
  variables: string
  /** bpmn-engine's getState() as JSON: the engine is recovered from it for every step. */
  engine_state: string
  row_version: number
  submitter_id: string
  submitter_name: string
  started_at: string
  ended_at: string | null
}

export interface TasksTable {
  id: string
  instance_id: string
  node_id: string
  node_name: string
  mode: string
  assignee_id: string
  assignee_name: string
  state: string
  comment: string
  created_at: string
  handled_at: string | null
}

export interface ChangesTable {
  id: string
  instance_id: string
  object_type: string
  object_id: string
  object_name: string
  action: string
  endpoint_id: string
  /** The save's input as the submitter sent it (JSON): replayed through the normal save on approval. */
  input: string
  before_content: string | null
  after_content: string | null
  diff: string
  change_size: number
  base_version: number | null
  state: string
  submitter_id: string
  created_at: string
  ended_at: string | null
}

export interface RoleApprovalsTable {
  role_id: string
  enabled: string
  process_key: string
  updated_at: string
  updated_by: string
}

export interface MailTokensTable {
  nonce: string
  task_id: string
  user_id: string
  expires_at: string
  used_at: string | null
  created_at: string
}

export interface ApprovalTables {
  wf_process_types: ProcessTypesTable
  wf_processes: ProcessesTable
  wf_deployments: DeploymentsTable
  wf_instances: InstancesTable
  wf_tasks: TasksTable
  wf_changes: ChangesTable
  wf_role_approvals: RoleApprovalsTable
  wf_mail_tokens: MailTokensTable
  // Read here: users, roles and their links (platform/admin owns them).
  users: { id: string; username: string; name: string; email: string; status: string }
  roles: { id: string; role_code: string; role_name: string; status: string }
  user_roles: { user_id: string; role_id: string }
  positions: { id: string; code: string; name: string }
  user_positions: { user_id: string; position_id: string }
  organisations: { id: string; org_code: string; manager_id: string | null }
  user_orgs: { user_id: string; org_id: string }
}

// A cast, not a conversion: migrations 0004 and 0022 give the same database these tables.
export const approvalsDb = (db: Kysely<HubDatabase>): ApprovalsDb => db as unknown as ApprovalsDb
export type ApprovalsDb = Kysely<ApprovalTables>
export const approvalRepository = repositoryOf<ApprovalTables>()
export type InstanceRow = Selectable<InstancesTable>
export type TaskRow = Selectable<TasksTable>
export type ChangeRow = Selectable<ChangesTable>
