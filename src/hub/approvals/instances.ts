import type { Selectable } from 'kysely'
import { processModelSchema, type ProcessModel } from '../../shared/rules/approvals/process'
import type { StoreKind } from '../store'
import { isoNow, newId } from '../store/ids'
import { approversOf } from './approvers'
import { completeTask, startProcess, type StepResult, type Stored } from './engine/run'
import type { TaskMail } from './mail/notify'
import { noApprover, notYourSubject, notYourTask, statusRefuses, stepRaced, subjectNotFound, taskNotFound } from './refusals'
import type { ApprovalsDb, DeploymentsTable, InstanceRow } from './tables'

/**
 * Process instances in the store: each step runs the engine (engine/run.ts) and writes its
 * state, the instance's state and the tasks in the caller's transaction. A step first locks the
 * instance row (PostgreSQL: select … for update; SQLite: its one writer) and writes it back only
 * at the row version it read, so two approvers deciding at once on two nodes take turns, and a
 * lost race answers msg_process_step_raced instead of a double step.
 */
export interface Submitter {
  id: string
  name: string
}

export interface StepOutcome {
  instance: InstanceRow
  /** The instance ended now: approved (every path's approvals done) or rejected/undone. */
  ended: boolean
  /** Tasks made by this step, with their approvers' mail addresses (for the outbox). */
  mails: TaskMail[]
}

const modelOf = (deployment: Pick<Selectable<DeploymentsTable>, 'model'>): ProcessModel => processModelSchema.parse(JSON.parse(deployment.model))

/** Tasks for the approval nodes now waiting that have none pending yet: one per approver. */
async function openTasks(db: ApprovalsDb, instance: Pick<InstanceRow, 'id' | 'title' | 'submitter_id'>, model: ProcessModel, waiting: readonly string[], at: string): Promise<TaskMail[]> {
  const mails: TaskMail[] = []
  for (const nodeId of waiting) {
    const open = await db.selectFrom('wf_tasks').select('id').where('instance_id', '=', instance.id).where('node_id', '=', nodeId).where('state', '=', 'pending').executeTakeFirst()
    if (open) continue
    const node = model.nodes.find((n) => n.id === nodeId)
    if (!node?.assignee) throw noApprover(nodeId)
    const approvers = await approversOf(db, node.assignee, instance.submitter_id)
    if (approvers.length === 0) throw noApprover(node.name || node.id)
    for (const a of approvers) {
      const id = newId()
      await db
        .insertInto('wf_tasks')
        .values({ id, instance_id: instance.id, node_id: node.id, node_name: node.name, mode: node.mode, assignee_id: a.id, assignee_name: a.name, state: 'pending', comment: '', created_at: at, handled_at: null })
        .execute()
      mails.push({ taskId: id, instanceId: instance.id, title: instance.title, assigneeId: a.id, email: a.email })
    }
  }
  return mails
}

export interface StartRequest {
  deployment: Selectable<DeploymentsTable>
  title: string
  businessType: string
  businessId: string
  variables: Record<string, unknown>
  submitter: Submitter
}

/** Starts an instance on a deployed version; it may end at once (no approval on the path taken). */
export async function startInstance(db: ApprovalsDb, request: StartRequest, now = Date.now()): Promise<StepOutcome> {
  const at = isoNow(now)
  const step = await startProcess(request.deployment.bpmn_xml, request.variables)
  const instance: InstanceRow = {
    id: newId(),
    deployment_id: request.deployment.id,
    process_key: request.deployment.process_key,
    title: request.title,
    business_type: request.businessType,
    business_id: request.businessId,
    state: step.ended ? 'approved' : 'reviewing',
    variables: JSON.stringify(request.variables),
    engine_state: JSON.stringify(step.stored),
    row_version: 1,
    submitter_id: request.submitter.id,
    submitter_name: request.submitter.name,
    started_at: at,
    ended_at: step.ended ? at : null,
  }
  await db.insertInto('wf_instances').values(instance).execute()
  const mails = await openTasks(db, instance, modelOf(request.deployment), step.waiting, at)
  return { instance, ended: step.ended, mails }
}

async function lockInstance(db: ApprovalsDb, kind: StoreKind, id: string): Promise<InstanceRow> {
  let query = db.selectFrom('wf_instances').selectAll().where('id', '=', id)
  if (kind === 'postgres') query = query.forUpdate()
  const row = await query.executeTakeFirst()
  if (!row) throw subjectNotFound()
  return row
}

/** Writes the instance back at the version it was read at. */
async function writeInstance(db: ApprovalsDb, read: InstanceRow, values: Partial<Pick<InstanceRow, 'state' | 'engine_state' | 'ended_at'>>): Promise<InstanceRow> {
  const next = { ...read, ...values, row_version: read.row_version + 1 }
  const done = await db.updateTable('wf_instances').set({ ...values, row_version: next.row_version }).where('id', '=', read.id).where('row_version', '=', read.row_version).executeTakeFirst()
  if (done.numUpdatedRows === 0n) throw stepRaced()
  return next
}

const closePending = (db: ApprovalsDb, instanceId: string, at: string, nodeId?: string) => {
  let q = db.updateTable('wf_tasks').set({ state: 'closed', handled_at: at }).where('instance_id', '=', instanceId).where('state', '=', 'pending')
  if (nodeId) q = q.where('node_id', '=', nodeId)
  return q.execute()
}

export interface Decision {
  taskId: string
  userId: string
  approve: boolean
  comment: string
}

/**
 * Decides a pending task of `userId`. Reject ends the instance rejected. Approve, on an any-one
 * node or the last approver of an all-must-approve node, closes the node's other tasks and
 * completes the user task in the engine, which runs on to the next approval nodes (their tasks
 * are made) or the end (the instance is approved).
 */
export async function decideTask(db: ApprovalsDb, kind: StoreKind, d: Decision, now = Date.now()): Promise<StepOutcome> {
  const first = await db.selectFrom('wf_tasks').select('instance_id').where('id', '=', d.taskId).executeTakeFirst()
  if (!first) throw taskNotFound()
  const instance = await lockInstance(db, kind, first.instance_id)
  // Read again under the lock: another step may have closed it.
  const task = await db.selectFrom('wf_tasks').selectAll().where('id', '=', d.taskId).executeTakeFirstOrThrow()
  if (task.assignee_id !== d.userId) throw notYourTask()
  if (task.state !== 'pending' || instance.state !== 'reviewing') throw statusRefuses()
  const at = isoNow(now)
  await db.updateTable('wf_tasks').set({ state: d.approve ? 'approved' : 'rejected', comment: d.comment, handled_at: at }).where('id', '=', task.id).execute()
  if (!d.approve) {
    await closePending(db, instance.id, at)
    return { instance: await writeInstance(db, instance, { state: 'rejected', ended_at: at }), ended: true, mails: [] }
  }
  const others = await db.selectFrom('wf_tasks').select('id').where('instance_id', '=', instance.id).where('node_id', '=', task.node_id).where('state', '=', 'pending').execute()
  if (task.mode === 'all' && others.length > 0) return { instance: await writeInstance(db, instance, {}), ended: false, mails: [] }
  await closePending(db, instance.id, at, task.node_id)
  const step: StepResult = await completeTask(JSON.parse(instance.engine_state) as Stored, task.node_id)
  const deployment = await db.selectFrom('wf_deployments').select('model').where('id', '=', instance.deployment_id).executeTakeFirstOrThrow()
  const mails = await openTasks(db, instance, modelOf(deployment), step.waiting, at)
  const next = await writeInstance(db, instance, { engine_state: JSON.stringify(step.stored), ...(step.ended ? { state: 'approved', ended_at: at } : {}) })
  return { instance: next, ended: step.ended, mails }
}

/** The submitter withdraws an instance still reviewing: its pending tasks close. */
export async function undoInstance(db: ApprovalsDb, kind: StoreKind, instanceId: string, userId: string, now = Date.now()): Promise<StepOutcome> {
  const instance = await lockInstance(db, kind, instanceId)
  if (instance.submitter_id !== userId) throw notYourSubject()
  if (instance.state !== 'reviewing') throw statusRefuses()
  const at = isoNow(now)
  await closePending(db, instance.id, at)
  return { instance: await writeInstance(db, instance, { state: 'undone', ended_at: at }), ended: true, mails: [] }
}
