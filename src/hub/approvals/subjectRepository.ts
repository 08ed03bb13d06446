import type { ChangeView, Subject, SubjectDetail, Task } from '../../shared/contract/approvals/workbench'
import type { ChangeAction, ChangeObjectType, SubjectState, TaskState } from '../../shared/rules/approvals/process'
import { processModelSchema } from '../../shared/rules/approvals/process'
import type { Paged } from '../../shared/contract/paging'
import { page, type PageRequest } from '../store/paging'
import { approverNames } from './approverCodes'
import type { Stored } from './engine/run'
import { subjectNotFound } from './refusals'
import type { ApprovalsDb, ChangeRow, InstanceRow, TaskRow } from './tables'

export interface SubjectQuery extends PageRequest {
  /** Whose workbench: null for the administrator's view of every subject. */
  viewerId: string | null
  box?: 'pending' | 'handled' | 'submitted'
  state?: SubjectState
  processKey?: string
}

const toTask = (t: TaskRow): Task => ({
  id: t.id,
  nodeId: t.node_id,
  nodeName: t.node_name,
  mode: t.mode === 'all' ? 'all' : 'any',
  assigneeId: t.assignee_id,
  assigneeName: t.assignee_name,
  state: t.state as TaskState,
  comment: t.comment,
  createdAt: t.created_at,
  handledAt: t.handled_at,
})

const parsed = (text: string | null) => (text === null ? null : (JSON.parse(text) as Record<string, unknown>))

export const toChangeView = (c: ChangeRow): ChangeView => ({
  id: c.id,
  objectType: c.object_type as ChangeObjectType,
  objectId: c.object_id,
  objectName: c.object_name,
  action: c.action as ChangeAction,
  before: parsed(c.before_content),
  after: parsed(c.after_content),
  diff: JSON.parse(c.diff) as ChangeView['diff'],
  changeSize: Number(c.change_size),
  baseVersion: c.base_version === null ? null : Number(c.base_version),
})

/** The nodes of a deployed model (stored JSON), as a subject names where it stands. */
const modelNodes = (model: string): Subject['nodes'] => processModelSchema.parse(JSON.parse(model)).nodes.map((n) => ({ id: n.id, name: n.name, type: n.type }))

/** Wire subjects of instance rows, with what they need from deployments, changes and pending tasks (one query each). */
async function shape(db: ApprovalsDb, rows: InstanceRow[], viewerId: string | null): Promise<Subject[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const deployments = new Map((await db.selectFrom('wf_deployments').select(['id', 'name', 'deploy_version', 'model']).where('id', 'in', [...new Set(rows.map((r) => r.deployment_id))]).execute()).map((d) => [d.id, d]))
  const nodesOf = new Map([...deployments.values()].map((d) => [d.id, modelNodes(d.model)]))
  const changes = new Map((await db.selectFrom('wf_changes').selectAll().where('instance_id', 'in', ids).execute()).map((c) => [c.instance_id, c]))
  // Every task: the pending ones say where a running subject waits, the last decided where an ended one stopped.
  const tasks = await db.selectFrom('wf_tasks').selectAll().where('instance_id', 'in', ids).orderBy('created_at').execute()
  return rows.map((r) => {
    const d = deployments.get(r.deployment_id)
    const c = changes.get(r.id)
    const own = tasks.filter((t) => t.instance_id === r.id)
    const waiting = own.filter((t) => t.state === 'pending')
    const last = own.filter((t) => t.handled_at !== null).sort((a, b) => (a.handled_at! < b.handled_at! ? -1 : a.handled_at! > b.handled_at! ? 1 : 0)).at(-1)
    const at = r.state === 'reviewing' ? [...new Set(waiting.map((t) => t.node_id))] : last ? [last.node_id] : []
    const model = nodesOf.get(r.deployment_id) ?? []
    return {
      id: r.id,
      title: r.title,
      processKey: r.process_key,
      processName: d?.name ?? '',
      deployVersion: Number(d?.deploy_version ?? 0),
      businessType: r.business_type,
      state: r.state as SubjectState,
      objectType: (c?.object_type as ChangeObjectType | undefined) ?? null,
      objectId: c?.object_id ?? '',
      objectName: c?.object_name ?? '',
      action: (c?.action as ChangeAction | undefined) ?? null,
      submitterId: r.submitter_id,
      submitterName: r.submitter_name,
      startedAt: r.started_at,
      endedAt: r.ended_at,
      currentNodes: [...new Set(waiting.map((t) => t.node_name || t.node_id))],
      nodes: at.map((id) => model.find((n) => n.id === id) ?? { id, name: own.find((t) => t.node_id === id)?.node_name ?? '', type: 'approval' as const }),
      myTaskId: viewerId ? (waiting.find((t) => t.assignee_id === viewerId)?.id ?? null) : null,
    }
  })
}

/** Workbench subjects (process instances) and their detail. */
export const subjectRepository = {
  list(db: ApprovalsDb, q: SubjectQuery): Promise<Paged<Subject>> {
    let query = db.selectFrom('wf_instances').selectAll()
    const viewer = q.viewerId
    if (viewer && q.box === 'submitted') query = query.where('submitter_id', '=', viewer)
    else if (viewer) {
      const states = q.box === 'handled' ? ['approved', 'rejected'] : ['pending']
      query = query.where('id', 'in', (eb) => eb.selectFrom('wf_tasks').select('instance_id').where('assignee_id', '=', viewer).where('state', 'in', states))
    }
    if (q.state) query = query.where('state', '=', q.state)
    if (q.processKey) query = query.where('process_key', '=', q.processKey)
    return page(query.orderBy('started_at', 'desc').orderBy('id'), q, (found) => shape(db, found as InstanceRow[], viewer))
  },

  async one(db: ApprovalsDb, row: InstanceRow, viewerId: string | null): Promise<Subject> {
    return (await shape(db, [row], viewerId))[0]!
  },

  instance: async (db: ApprovalsDb, id: string): Promise<InstanceRow> => {
    const row = await db.selectFrom('wf_instances').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw subjectNotFound()
    return row
  },

  async detail(db: ApprovalsDb, row: InstanceRow, viewerId: string | null): Promise<SubjectDetail> {
    const subject = await subjectRepository.one(db, row, viewerId)
    const deployment = await db.selectFrom('wf_deployments').select('model').where('id', '=', row.deployment_id).executeTakeFirstOrThrow()
    const model = processModelSchema.parse(JSON.parse(deployment.model))
    const change = await db.selectFrom('wf_changes').selectAll().where('instance_id', '=', row.id).executeTakeFirst()
    const tasks = await db.selectFrom('wf_tasks').selectAll().where('instance_id', '=', row.id).orderBy('created_at').orderBy('assignee_name').execute()
    const { trail } = JSON.parse(row.engine_state) as Stored
    const active = new Set(tasks.filter((t) => t.state === 'pending').map((t) => t.node_id))
    return {
      ...subject,
      change: change ? toChangeView(change) : null,
      model,
      approverNames: await approverNames(db, model),
      progress: model.nodes.map((n) => ({ nodeId: n.id, name: n.name, type: n.type, status: active.has(n.id) ? 'active' : trail.nodes.includes(n.id) ? 'done' : 'pending' })),
      linksTaken: trail.links,
      tasks: tasks.map(toTask),
      canUndo: row.state === 'reviewing' && viewerId === row.submitter_id,
    }
  },

  /** Whether the user may see the subject: its submitter or one of its approvers. */
  async involves(db: ApprovalsDb, row: InstanceRow, userId: string): Promise<boolean> {
    if (row.submitter_id === userId) return true
    return (await db.selectFrom('wf_tasks').select('id').where('instance_id', '=', row.id).where('assignee_id', '=', userId).executeTakeFirst()) !== undefined
  },

  pendingCount: async (db: ApprovalsDb, userId: string): Promise<number> => {
    const row = await db.selectFrom('wf_tasks').select((eb) => eb.fn.countAll().as('n')).where('assignee_id', '=', userId).where('state', '=', 'pending').executeTakeFirstOrThrow()
    return Number(row.n)
  },
}

