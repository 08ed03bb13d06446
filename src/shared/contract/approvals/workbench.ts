import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { CHANGE_ACTIONS, CHANGE_OBJECT_TYPES, NODE_TYPES, processModelSchema, SUBJECT_STATES, TASK_STATES } from '../../rules/approvals/process'
import { pagedSchema, pageQueryShape } from '../paging'
import { WORKBENCH_PERMISSION } from './permissions'

/**
 * The workbench (spec: GET /workbench/subjectList; the rest designed for issue 19): a subject is
 * one process instance — for a change of hub configuration, the change request it decides.
 */
export const subjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  processKey: z.string(),
  processName: z.string(),
  deployVersion: z.number().int(),
  /** 'change': a change of hub configuration (the fields below describe it). */
  businessType: z.string(),
  state: z.enum(SUBJECT_STATES),
  objectType: z.enum(CHANGE_OBJECT_TYPES).nullable(),
  objectId: z.string(),
  objectName: z.string(),
  action: z.enum(CHANGE_ACTIONS).nullable(),
  submitterId: z.string(),
  submitterName: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Names of the approval nodes waiting now (empty once ended). */
  currentNodes: z.array(z.string()),
  /**
   * Where the subject stands, as the deployed model names its nodes (name '' for one left
   * unnamed, which the console calls by its kind): the nodes waiting now, or once ended the node
   * whose decision ended it (approved, rejected, or waiting when undone); empty when no node was
   * ever reached (approved on submission).
   */
  nodes: z.array(z.object({ id: z.string(), name: z.string(), type: z.enum(NODE_TYPES) })),
  /** The caller's pending task on it, if any: what approve / reject take. */
  myTaskId: z.string().nullable(),
})
export type Subject = z.output<typeof subjectSchema>

export const diffEntrySchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })

/** The change a subject decides: the record before and after (side by side, as the version history shows), and the fields that differ. */
export const changeViewSchema = z.object({
  id: z.string(),
  objectType: z.enum(CHANGE_OBJECT_TYPES),
  objectId: z.string(),
  objectName: z.string(),
  action: z.enum(CHANGE_ACTIONS),
  /** null for a create. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** null for a delete. */
  after: z.record(z.string(), z.unknown()).nullable(),
  diff: z.array(diffEntrySchema),
  changeSize: z.number().int(),
  /** The record's version the change was made against (null for a create). */
  baseVersion: z.number().int().nullable(),
})
export type ChangeView = z.output<typeof changeViewSchema>

export const taskSchema = z.object({
  id: z.string(),
  nodeId: z.string(),
  nodeName: z.string(),
  mode: z.enum(['any', 'all']),
  assigneeId: z.string(),
  assigneeName: z.string(),
  state: z.enum(TASK_STATES),
  comment: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
})
export type Task = z.output<typeof taskSchema>

/** A node of the instance's diagram: done (passed), active (waiting for approvers), or not reached. */
export const progressNodeSchema = z.object({ nodeId: z.string(), name: z.string(), type: z.enum(NODE_TYPES), status: z.enum(['done', 'active', 'pending']) })

/**
 * The names of the roles, positions and users the model's approval nodes name by code (role
 * code, position code, username as written in the model), for drawing the diagram with names:
 * its viewer may not be allowed to list roles or users. A code that names nothing is absent.
 */
export const approverNamesSchema = z.object({
  role: z.record(z.string(), z.string()),
  position: z.record(z.string(), z.string()),
  users: z.record(z.string(), z.string()),
})
export type ApproverNames = z.output<typeof approverNamesSchema>

export const subjectDetailSchema = subjectSchema.extend({
  change: changeViewSchema.nullable(),
  /** The deployed version's model, for drawing the diagram with `progress` on it. */
  model: processModelSchema,
  approverNames: approverNamesSchema,
  progress: z.array(progressNodeSchema),
  /** Links taken so far (ids), to highlight the path. */
  linksTaken: z.array(z.string()),
  /** Every task of the instance in order, with its decision and comment. */
  tasks: z.array(taskSchema),
  /** Only the submitter, while reviewing. */
  canUndo: z.boolean(),
})
export type SubjectDetail = z.output<typeof subjectDetailSchema>

const base = { area: 'platform', access: 'session', permission: WORKBENCH_PERMISSION } as const
export const SUBJECT_BOXES = ['pending', 'handled', 'submitted'] as const

/** pending: my tasks waiting; handled: subjects where I decided a task; submitted: mine. Newest first. */
export const subjectList = defineEndpoint({
  ...base,
  id: 'platform.workbench.subjectList',
  method: 'GET',
  path: '/workbench/subjectList',
  input: z.object({ ...pageQueryShape, box: z.enum(SUBJECT_BOXES).default('pending'), state: z.enum(SUBJECT_STATES).optional() }),
  output: pagedSchema(subjectSchema),
})
/** A subject the caller may see: submitted by them, or with a task of theirs (or any, with the process permission). */
export const subjectDetail = defineEndpoint({ ...base, id: 'platform.workbench.subjectDetail', method: 'GET', path: '/workbench/subjectDetail', input: z.object({ id: z.string().trim().min(1, 'msg_subject_not_found') }), output: subjectDetailSchema })
/** The menu badge's count (polling, like the alert centre's): my pending tasks. */
export const pendingCount = defineEndpoint({ ...base, id: 'platform.workbench.pendingCount', method: 'GET', path: '/workbench/pendingCount', input: z.object({}).optional(), output: z.object({ count: z.number().int() }) })

/** An object with a change under review (it "is changing": saves are refused until the change is decided). */
export const changingObjectSchema = z.object({ objectType: z.enum(CHANGE_OBJECT_TYPES), objectId: z.string(), subjectId: z.string(), submitterName: z.string() })
export type ChangingObject = z.output<typeof changingObjectSchema>
/**
 * The objects under review now, of one type or all (the console's lists mark them "changing" and
 * say why edits are refused). Ids and the submitter only: nothing of the change itself.
 */
export const changingObjects = defineEndpoint({
  ...base,
  id: 'platform.workbench.changingObjects',
  method: 'GET',
  path: '/workbench/changingObjects',
  input: z.object({ objectType: z.enum(CHANGE_OBJECT_TYPES).optional() }).optional(),
  output: z.array(changingObjectSchema),
})

const decision = z.object({
  taskId: z.string({ error: 'msg_process_task_id_missing' }).trim().min(1, 'msg_process_task_id_missing'),
  comment: z.string().max(1000, 'msg_process_comment_too_long').default(''),
})
/** Approves my pending task; the instance moves on (the next node's approvers get their tasks, or the change is applied). */
export const taskApprove = defineEndpoint({ ...base, id: 'platform.workbench.approve', method: 'POST', path: '/workbench/approve', input: decision, output: subjectSchema })
/** Rejects: the instance ends rejected, the change is dropped and the object is free again. A comment is required. */
export const taskReject = defineEndpoint({
  ...base,
  id: 'platform.workbench.reject',
  method: 'POST',
  path: '/workbench/reject',
  input: decision.extend({ comment: z.string({ error: 'msg_process_comment_missing' }).trim().min(1, 'msg_process_comment_missing').max(1000, 'msg_process_comment_too_long') }),
  output: subjectSchema,
})
/** The submitter withdraws a subject still reviewing: nothing changes and the object is free again. */
export const subjectUndo = defineEndpoint({
  ...base,
  id: 'platform.workbench.undo',
  method: 'POST',
  path: '/workbench/undo',
  input: z.object({ id: z.string().trim().min(1, 'msg_subject_not_found') }),
  output: subjectSchema,
})
