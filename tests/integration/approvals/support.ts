import * as processes from '../../../src/shared/contract/approvals/processes'
import type { Deployment, ProcessDetail, ProcessInput } from '../../../src/shared/contract/approvals/processes'
import type { ProcessModel } from '../../../src/shared/rules/approvals/process'
import type { Store } from '../../../src/hub/store'
import { isoNow, newId } from '../../../src/hub/store/ids'
import { addUser, signIn } from '../../support/hub'
import type { FastifyInstance } from 'fastify'
import type { CallBench } from '../../support/bench'

export const PASSWORD = 'Pers0n!pass'
/** The permissions of the approval workbench (a role that decides, or a submitter that follows its changes). */
export const WORKBENCH = ['workflow', 'workflow:workbench']

/** A role with these permission codes, straight into the store (role administration is not under test). */
export async function addRole(store: Store, code: string, permissions: string[]): Promise<void> {
  const id = newId()
  const at = isoNow()
  await store.db.insertInto('roles').values({ id, role_code: code, role_name: code, is_sys: '0', status: '1', created_at: at, updated_at: at }).execute()
  await store.db.insertInto('role_permissions').values(permissions.map((permission) => ({ role_id: id, permission }))).execute()
}

export interface Person {
  id: string
  username: string
  token: string
  email: string
}

/** A user with these roles and an email address, signed in. */
export async function person(store: Store, app: FastifyInstance, username: string, roles: string[]): Promise<Person> {
  const id = await addUser(store, { username, password: PASSWORD, roles })
  const email = `${username}@example.test`
  await store.db.updateTable('users').set({ email } as never).where('id', '=', id).execute()
  return { id, username, token: await signIn(app, username, PASSWORD), email }
}

/**
 * start → review (any one of role `reviewer`) → size? — changeSize > 1 → boss (all of the named
 * users) → end; otherwise → end.
 */
export function twoStepModel(bosses: string[]): ProcessModel {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '开始', x: 0, y: 0, mode: 'any' },
      { id: 'review', type: 'approval', name: '审核', x: 100, y: 0, mode: 'any', assignee: { kind: 'role', roles: ['reviewer'], positions: [], users: [] } },
      { id: 'size', type: 'condition', name: '变更大小', x: 250, y: 0, mode: 'any' },
      { id: 'boss', type: 'approval', name: '领导审批', x: 350, y: 100, mode: 'all', assignee: { kind: 'users', roles: [], positions: [], users: bosses } },
      { id: 'end', type: 'end', name: '结束', x: 500, y: 0, mode: 'any' },
    ],
    links: [
      { id: 'l1', source: 'start', target: 'review', name: '', isDefault: false },
      { id: 'l2', source: 'review', target: 'size', name: '', isDefault: false },
      { id: 'big', source: 'size', target: 'boss', name: '大', isDefault: false, condition: { variable: 'changeSize', operator: 'gt', value: 1 } },
      { id: 'small', source: 'size', target: 'end', name: '小', isDefault: true },
      { id: 'l4', source: 'boss', target: 'end', name: '', isDefault: false },
    ],
  }
}

/** start → review → end. */
export function oneStepModel(): ProcessModel {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '', x: 0, y: 0, mode: 'any' },
      { id: 'review', type: 'approval', name: '审核', x: 100, y: 0, mode: 'any', assignee: { kind: 'role', roles: ['reviewer'], positions: [], users: [] } },
      { id: 'end', type: 'end', name: '', x: 300, y: 0, mode: 'any' },
    ],
    links: [
      { id: 'l1', source: 'start', target: 'review', name: '', isDefault: false },
      { id: 'l2', source: 'review', target: 'end', name: '', isDefault: false },
    ],
  }
}

/** Saves and deploys a definition as the admin. */
export async function deployed(b: CallBench, input: ProcessInput): Promise<{ process: ProcessDetail; deployment: Deployment }> {
  const process = await b.ok<ProcessDetail>(processes.processAdd, input)
  const deployment = await b.ok<Deployment>(processes.processDeploy, { id: process.id, version: process.version })
  return { process, deployment }
}

/** Turns the role's "changes require approval" switch on, by the process key. */
export async function requireApproval(b: CallBench, store: Store, roleCode: string, processKey: string): Promise<void> {
  const role = await store.db.selectFrom('roles').select('id').where('role_code', '=', roleCode).executeTakeFirstOrThrow()
  await b.ok(processes.roleApprovalSave, { roleId: role.id, enabled: '1', processKey })
}

let serial = 0
export const freshKey = (prefix = 'change') => `${prefix}_${Date.now().toString(36)}_${(serial++).toString(36)}`

/** Who takes part in a two-step change approval (twoStepApproval), and its process key. */
export interface ApprovalCast {
  editor: Person
  reviewer: Person
  boss: Person
  processKey: string
}

/**
 * A two-step change approval in place on the bench's hub: role `editor` (topics and the
 * workbench; its changes need approval) and role `reviewer` (the workbench: the first step), a
 * user of each, and a boss named in the second step with `bossRoles` — users editor, reviewer and
 * boss followed by `suffix` — then the process (twoStepModel) deployed as `name` and required of
 * the editor's role.
 */
export async function twoStepApproval(b: CallBench, cast: { suffix: string; name: string; keyPrefix?: string; bossRoles?: string[] }): Promise<ApprovalCast> {
  const { store, app } = b.hub
  await addRole(store, 'editor', ['datahub', 'datahub:topic', ...WORKBENCH])
  await addRole(store, 'reviewer', WORKBENCH)
  const editor = await person(store, app, `editor${cast.suffix}`, ['editor'])
  const reviewer = await person(store, app, `reviewer${cast.suffix}`, ['reviewer'])
  const boss = await person(store, app, `boss${cast.suffix}`, cast.bossRoles ?? [])
  const processKey = freshKey(cast.keyPrefix)
  await deployed(b, { processKey, name: cast.name, model: twoStepModel([boss.username]) })
  await requireApproval(b, store, 'editor', processKey)
  return { editor, reviewer, boss, processKey }
}
