import { z } from 'zod'

/**
 * The process designer's model (issue 19; the spec names only the labels): what the console's
 * designer edits and the hub validates, turns into BPMN 2.0 XML and executes. The designer
 * validates with the same schema before saving, so its messages are the hub's.
 *
 * Nodes: one `start`, `approval` nodes (who approves and whether one or all of them must),
 * `condition` nodes (an exclusive branch: a link whose condition holds is taken, else its one
 * default link, which every condition node has so no instance can stall), `parallel` nodes (a
 * BPMN parallel gateway: every link out is taken at once, and where links meet again it waits
 * for all of them), one or more `end`. Links join nodes; only a condition node's links carry
 * conditions, each on a process variable (PROCESS_VARIABLES, /proVariate/list).
 */
export const NODE_TYPES = ['start', 'approval', 'condition', 'parallel', 'end'] as const
export type NodeType = (typeof NODE_TYPES)[number]

/** By role codes, position codes, the submitter's organisation manager, or named users (usernames). */
export const ASSIGNEE_KINDS = ['role', 'position', 'orgManager', 'users'] as const
export type AssigneeKind = (typeof ASSIGNEE_KINDS)[number]

/** any: the first approval decides for the node; all: every approver must approve. A rejection always ends the instance. */
export const APPROVAL_MODES = ['any', 'all'] as const
export type ApprovalMode = (typeof APPROVAL_MODES)[number]

/** eq ne gt ge lt le compare (numbers as numbers); in: one of a comma list; contains: text contains. */
export const CONDITION_OPERATORS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'contains'] as const
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number]

/**
 * The variables a condition may test, set when an instance starts. For a change of hub
 * configuration: objectType (CHANGE_OBJECT_TYPES), action (CHANGE_ACTIONS), application (the
 * object's application code, '' when it has none), organisation (the submitter's organisation
 * codes, comma-separated), changeSize (how many fields the change touches), submitter (username).
 */
export const PROCESS_VARIABLES = [
  { code: 'objectType', type: 'enum' },
  { code: 'action', type: 'enum' },
  { code: 'application', type: 'text' },
  { code: 'organisation', type: 'text' },
  { code: 'changeSize', type: 'number' },
  { code: 'submitter', type: 'text' },
] as const
export type ProcessVariableCode = (typeof PROCESS_VARIABLES)[number]['code']
export const PROCESS_VARIABLE_CODES = PROCESS_VARIABLES.map((v) => v.code) as [ProcessVariableCode, ...ProcessVariableCode[]]

/** What a change request may concern: the hub configuration under change control. */
export const CHANGE_OBJECT_TYPES = ['topic', 'producer', 'consumer', 'datasource', 'gatewayInternal', 'gatewayExternal'] as const
export type ChangeObjectType = (typeof CHANGE_OBJECT_TYPES)[number]
export const CHANGE_ACTIONS = ['create', 'update', 'status', 'delete'] as const
export type ChangeAction = (typeof CHANGE_ACTIONS)[number]

/** The spec's review statuses (reviewing, approved, rejected) and undo; failed: approved, but the change could no longer be applied. */
export const SUBJECT_STATES = ['reviewing', 'approved', 'rejected', 'undone'] as const
export type SubjectState = (typeof SUBJECT_STATES)[number]
/** A task: waiting for its approver, decided by them, or closed without their decision (another approver decided an any-one node, the instance ended). */
export const TASK_STATES = ['pending', 'approved', 'rejected', 'closed'] as const
export type TaskState = (typeof TASK_STATES)[number]

export const PROCESS_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/

const present = (key: string) => z.string({ error: key }).trim().min(1, key)
const nodeId = z.string().trim().regex(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/, 'msg_process_node_id_invalid')

export const conditionSchema = z.object({
  variable: z.enum(PROCESS_VARIABLE_CODES, { error: 'msg_process_condition_invalid' }),
  operator: z.enum(CONDITION_OPERATORS, { error: 'msg_process_condition_invalid' }),
  value: z.union([z.string().max(500), z.number()]),
})
export type Condition = z.output<typeof conditionSchema>

export const assigneeSchema = z.object({
  kind: z.enum(ASSIGNEE_KINDS, { error: 'msg_process_assignee_missing' }),
  /** Role codes (kind role). */
  roles: z.array(z.string().trim().min(1)).max(50).default([]),
  /** Position codes (kind position). */
  positions: z.array(z.string().trim().min(1)).max(50).default([]),
  /** Usernames (kind users). */
  users: z.array(z.string().trim().min(1)).max(100).default([]),
})
export type Assignee = z.output<typeof assigneeSchema>

export const processNodeSchema = z.object({
  id: nodeId,
  type: z.enum(NODE_TYPES, { error: 'msg_process_node_type_invalid' }),
  name: z.string().trim().max(100).default(''),
  /** Where the designer drew it (also the BPMN diagram's shape). */
  x: z.number().default(0),
  y: z.number().default(0),
  assignee: assigneeSchema.optional(),
  mode: z.enum(APPROVAL_MODES).default('any'),
})
export type ProcessNode = z.output<typeof processNodeSchema>

export const processLinkSchema = z.object({
  id: nodeId,
  source: z.string().trim().min(1, 'msg_process_link_node_missing'),
  target: z.string().trim().min(1, 'msg_process_link_node_missing'),
  name: z.string().trim().max(100).default(''),
  condition: conditionSchema.optional(),
  /** A condition node's link taken when no other condition holds (at most one). */
  isDefault: z.boolean().default(false),
})
export type ProcessLink = z.output<typeof processLinkSchema>

/** The spec's missing-parameter messages: node list and link list. */
export const processModelSchema = z.object({
  nodes: z.array(processNodeSchema, { error: 'msg_process_nodes_missing' }).min(1, 'msg_process_nodes_missing').max(200),
  links: z.array(processLinkSchema, { error: 'msg_process_links_missing' }).min(1, 'msg_process_links_missing').max(400),
})
export type ProcessModel = z.output<typeof processModelSchema>

/** The fields of a definition the designer saves; the spec's missing process key and name messages. */
export const processInputShape = {
  processKey: present('msg_process_key_missing').regex(PROCESS_KEY_PATTERN, 'msg_process_key_invalid'),
  name: present('msg_process_name_missing').max(100, 'msg_process_name_too_long'),
  typeId: z.string().trim().max(64).default(''),
  remark: z.string().max(500).default(''),
  model: processModelSchema,
}

export interface ModelIssue {
  path: string
  key: string
}

/**
 * What the schema cannot say: the graph's rules. One start with one link out; at least one end;
 * links join existing nodes; an approval node names its approvers (by role: the spec's
 * "missing role"), has one link out; a condition node's links carry a condition or are its one
 * default (exactly one); every node is reached from the start and reaches an end. Paths name the field
 * (`model.nodes.2.assignee.roles`) so the designer can mark the node.
 */
export function modelIssues(model: ProcessModel): ModelIssue[] {
  const issues: ModelIssue[] = []
  const byId = new Map<string, number>()
  model.nodes.forEach((n, i) => {
    if (byId.has(n.id)) issues.push({ path: `model.nodes.${i}.id`, key: 'msg_process_node_id_duplicate' })
    byId.set(n.id, i)
  })
  const linkIds = new Set<string>()
  const out = new Map<string, ProcessLink[]>()
  model.links.forEach((l, i) => {
    if (linkIds.has(l.id) || byId.has(l.id)) issues.push({ path: `model.links.${i}.id`, key: 'msg_process_node_id_duplicate' })
    linkIds.add(l.id)
    if (!byId.has(l.source)) issues.push({ path: `model.links.${i}.source`, key: 'msg_process_link_node_missing' })
    if (!byId.has(l.target)) issues.push({ path: `model.links.${i}.target`, key: 'msg_process_link_node_missing' })
    out.set(l.source, [...(out.get(l.source) ?? []), l])
  })
  const starts = model.nodes.filter((n) => n.type === 'start')
  if (starts.length !== 1) issues.push({ path: 'model.nodes', key: 'msg_process_start_missing' })
  if (!model.nodes.some((n) => n.type === 'end')) issues.push({ path: 'model.nodes', key: 'msg_process_end_missing' })
  model.nodes.forEach((n, i) => {
    const links = out.get(n.id) ?? []
    if (n.type === 'approval') {
      const a = n.assignee
      if (!a) issues.push({ path: `model.nodes.${i}.assignee`, key: 'msg_process_assignee_missing' })
      else if (a.kind === 'role' && a.roles.length === 0) issues.push({ path: `model.nodes.${i}.assignee.roles`, key: 'msg_process_role_missing' })
      else if (a.kind === 'position' && a.positions.length === 0) issues.push({ path: `model.nodes.${i}.assignee.positions`, key: 'msg_process_position_missing' })
      else if (a.kind === 'users' && a.users.length === 0) issues.push({ path: `model.nodes.${i}.assignee.users`, key: 'msg_process_users_missing' })
    }
    if (n.type === 'end' && links.length > 0) issues.push({ path: `model.nodes.${i}`, key: 'msg_process_end_has_links' })
    if ((n.type === 'start' || n.type === 'approval') && links.length !== 1) issues.push({ path: `model.nodes.${i}`, key: 'msg_process_one_link_out' })
    if (n.type === 'parallel' && links.length === 0) issues.push({ path: `model.nodes.${i}`, key: 'msg_process_one_link_out' })
    if (n.type === 'condition') {
      if (links.length === 0) issues.push({ path: `model.nodes.${i}`, key: 'msg_process_one_link_out' })
      if (links.filter((l) => l.isDefault).length !== 1) issues.push({ path: `model.nodes.${i}`, key: 'msg_process_default_count' })
      for (const l of links) {
        if (!l.isDefault && !l.condition) issues.push({ path: `model.links.${model.links.indexOf(l)}.condition`, key: 'msg_process_condition_missing' })
      }
    } else {
      for (const l of links) if (l.condition || l.isDefault) issues.push({ path: `model.links.${model.links.indexOf(l)}.condition`, key: 'msg_process_condition_not_here' })
    }
  })
  if (issues.length > 0) return issues
  // Reachability: from the start forwards, and from the ends backwards.
  const reached = walk([starts[0]!.id], (id) => (out.get(id) ?? []).map((l) => l.target))
  const into = new Map<string, string[]>()
  for (const l of model.links) into.set(l.target, [...(into.get(l.target) ?? []), l.source])
  const ending = walk(model.nodes.filter((n) => n.type === 'end').map((n) => n.id), (id) => into.get(id) ?? [])
  model.nodes.forEach((n, i) => {
    if (!reached.has(n.id) || !ending.has(n.id)) issues.push({ path: `model.nodes.${i}`, key: 'msg_process_node_unreachable' })
  })
  return issues
}

function walk(from: string[], next: (id: string) => string[]): Set<string> {
  const seen = new Set(from)
  const queue = [...from]
  while (queue.length > 0) {
    for (const id of next(queue.shift()!)) {
      if (!seen.has(id)) {
        seen.add(id)
        queue.push(id)
      }
    }
  }
  return seen
}

/** Whether a condition holds for these variables (the engine's exclusive gateways ask this). */
export function conditionHolds(condition: Condition, variables: Readonly<Record<string, unknown>>): boolean {
  const actual = variables[condition.variable]
  const value = condition.value
  const asNumbers = typeof actual === 'number' || typeof value === 'number'
  const a = asNumbers ? Number(actual) : String(actual ?? '')
  const b = asNumbers ? Number(value) : String(value)
  switch (condition.operator) {
    case 'eq':
      return a === b
    case 'ne':
      return a !== b
    case 'gt':
      return a > b
    case 'ge':
      return a >= b
    case 'lt':
      return a < b
    case 'le':
      return a <= b
    case 'in':
      return String(value).split(',').map((s) => s.trim()).includes(String(actual ?? ''))
    case 'contains':
      // Text containment; on a comma list (organisation) "contains one of its entries" holds too.
      return String(actual ?? '').includes(String(value))
  }
}
