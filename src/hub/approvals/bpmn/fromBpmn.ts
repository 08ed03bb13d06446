import BpmnModdle, { type ModdleElement } from 'bpmn-moddle'
import { PROCESS_KEY_PATTERN, type Assignee, type Condition, type ProcessLink, type ProcessNode } from '../../../shared/rules/approvals/process'
import { parseConditionExpression } from './expressions'

/**
 * A BPMN 2.0 document from another modeler as the designer's model, and what it holds that the
 * model cannot. Read with bpmn-moddle (the library bpmn.io and Camunda Modeler are built on):
 *
 * - startEvent → start, endEvent → end (a trigger or result such as a timer or terminate is
 *   listed: the node is kept plain); userTask → approval; exclusiveGateway → condition (its
 *   `default`, else its one unconditioned flow, is the default link); parallelGateway → parallel.
 * - A user task's approvers: `assignee` / `candidateUsers` (named users) and `candidateGroups`
 *   (roles, by code) in any vendor's namespace (camunda:, flowable:, activiti:), Zeebe's
 *   `assignmentDefinition`, or a potentialOwner expression (the hub's own `role:a,b`, or
 *   `user(x), group(y)`). Expressions (`${initiator}`) cannot be resolved ahead and are listed.
 *   A multi-instance task is "all must approve".
 * - Sequence-flow conditions through bpmn/expressions.ts; one it cannot read is listed and the
 *   link kept without it (the designer then asks for one).
 * - Every other flow element (service, script, send tasks, sub-processes, boundary and
 *   intermediate events, inclusive or event-based gateways…) is listed and left out; one with a
 *   single way in and out is bridged so the path through it stays.
 * - Positions from the diagram (BPMNDI), spread to the designer's larger boxes; laid out in
 *   columns when the file has none.
 */

export interface Unsupported {
  id: string
  name: string
  element: string
  reason: string
  params?: Record<string, string>
}
export interface ImportedDraft {
  processKey: string
  name: string
  typeId: string
  remark: string
  model: { nodes: ProcessNode[]; links: ProcessLink[] }
}

/** Thrown for a file that is not BPMN 2.0 XML with a process in it. */
export class NotBpmn extends Error {}

const OWN_EXPORTER = 'DataHub Console'
/** bpmn.io boxes are 100×80; the designer's are 180×64: stretched across so they do not overlap. */
const SPREAD_X = 1.8

type El = ModdleElement & { id: string; name?: string; $attrs?: Record<string, string> }

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1)
const list = (text: string | undefined) => (text ?? '').split(',').map((s) => s.trim()).filter(Boolean)
const isExpression = (text: string) => /[$#]\{|^=/.test(text.trim())

/** An extension attribute by its local name, whatever the vendor's prefix. */
function extensionAttr(e: El, name: string): string | undefined {
  for (const [k, v] of Object.entries(e.$attrs ?? {})) if (k.includes(':') && localName(k) === name) return v
  return undefined
}

/** Zeebe keeps approvers in <zeebe:assignmentDefinition assignee= candidateGroups= candidateUsers=/>. */
function zeebeAssignment(e: El): Record<string, string> {
  const values = ((e.extensionElements as { values?: { $type: string; [k: string]: unknown }[] } | undefined)?.values ?? [])
  const def = values.find((v) => localName(v.$type) === 'assignmentDefinition')
  if (!def) return {}
  const out: Record<string, string> = {}
  for (const k of ['assignee', 'candidateGroups', 'candidateUsers']) {
    const v = def[k] ?? (def.$attrs as Record<string, string> | undefined)?.[k]
    if (typeof v === 'string') out[k] = v
  }
  return out
}

/** The standard resource assignment: the hub's own `role:a,b` / `position:x` / `users:a` / `orgManager`, or `user(a), group(b)`. */
function potentialOwner(e: El): { users: string[]; groups: string[]; positions: string[]; orgManager: boolean; text: string } | null {
  const resources = (e.resources as { resourceAssignmentExpression?: { expression?: { body?: string } } }[] | undefined) ?? []
  const text = resources.map((r) => r.resourceAssignmentExpression?.expression?.body ?? '').filter(Boolean).join(',')
  if (!text) return null
  const own = /^(role|position|users):(.*)$/.exec(text.trim())
  if (own) return { users: own[1] === 'users' ? list(own[2]) : [], groups: own[1] === 'role' ? list(own[2]) : [], positions: own[1] === 'position' ? list(own[2]) : [], orgManager: false, text }
  if (text.trim() === 'orgManager') return { users: [], groups: [], positions: [], orgManager: true, text }
  const users: string[] = []
  const groups: string[] = []
  for (const m of text.matchAll(/(user|group)\(([^)]*)\)/g)) (m[1] === 'user' ? users : groups).push(...list(m[2]))
  if (users.length === 0 && groups.length === 0) users.push(...list(text))
  return { users, groups, positions: [], orgManager: false, text }
}

function approversOf(e: El, report: (reason: string, params?: Record<string, string>) => void): Assignee | undefined {
  const zeebe = zeebeAssignment(e)
  const owner = potentialOwner(e)
  if (owner?.orgManager) return { kind: 'orgManager', roles: [], positions: [], users: [] }
  if (owner?.positions.length) return { kind: 'position', roles: [], positions: owner.positions.slice(0, 50), users: [] }
  const raw = {
    users: [extensionAttr(e, 'assignee') ?? zeebe.assignee, extensionAttr(e, 'candidateUsers') ?? zeebe.candidateUsers],
    groups: [extensionAttr(e, 'candidateGroups') ?? zeebe.candidateGroups],
  }
  const users = [...(owner?.users ?? [])]
  const groups = [...(owner?.groups ?? [])]
  for (const [into, texts] of [[users, raw.users], [groups, raw.groups]] as const) {
    for (const text of texts) {
      if (!text) continue
      if (isExpression(text)) report('msg_bpmn_assignee_expression', { expression: text })
      else into.push(...list(text))
    }
  }
  const uniq = (xs: string[]) => [...new Set(xs)]
  if (groups.length > 0) {
    if (users.length > 0) report('msg_bpmn_assignee_mixed', { users: uniq(users).join(', ') })
    return { kind: 'role', roles: uniq(groups).slice(0, 50), positions: [], users: [] }
  }
  if (users.length > 0) return { kind: 'users', roles: [], positions: [], users: uniq(users).slice(0, 100) }
  return undefined
}

/** An XML id as a node id (letters, digits, `_`, `-`; at most 64), unique among those taken. */
function idMaker(): (xmlId: string) => string {
  const taken = new Map<string, string>()
  const used = new Set<string>()
  return (xmlId) => {
    const known = taken.get(xmlId)
    if (known) return known
    let base = xmlId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)
    if (!/^[A-Za-z_]/.test(base)) base = `_${base}`.slice(0, 60)
    let id = base
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`
    used.add(id)
    taken.set(xmlId, id)
    return id
  }
}

const name100 = (e: { name?: string }) => (e.name ?? '').trim().slice(0, 100)

export async function fromBpmnXml(xml: string): Promise<{ draft: ImportedDraft; unsupported: Unsupported[] }> {
  let definitions: ModdleElement
  try {
    definitions = (await new BpmnModdle().fromXML(xml)).rootElement
  } catch {
    throw new NotBpmn()
  }
  if (definitions.$type !== 'bpmn:Definitions') throw new NotBpmn()
  const roots = (definitions.rootElements ?? []) as El[]
  const participants = roots.filter((r) => r.$type === 'bpmn:Collaboration').flatMap((c) => (c.participants ?? []) as El[])
  const processes = roots.filter((r) => r.$type === 'bpmn:Process') as El[]
  const withFlow = processes.filter((p) => ((p.flowElements as El[] | undefined) ?? []).length > 0)
  const process = withFlow[0] ?? processes[0]
  if (!process) throw new NotBpmn()

  const unsupported: Unsupported[] = []
  const report = (e: { id?: string; name?: string; $type: string }, reason: string, params?: Record<string, string>) =>
    unsupported.push({ id: e.id ?? '', name: (e.name ?? '').trim(), element: e.$type, reason, ...(params ? { params } : {}) })
  for (const other of withFlow.slice(1)) report(other, 'msg_bpmn_process_extra')

  const ours = definitions.exporter === OWN_EXPORTER
  const nodeId = idMaker()
  const elements = (process.flowElements as El[] | undefined) ?? []
  const flows = elements.filter((e) => e.$type === 'bpmn:SequenceFlow')
  const nodes: ProcessNode[] = []
  const kept = new Set<string>()
  const conditionNodes = new Set<string>()

  for (const e of elements) {
    if (e.$type === 'bpmn:SequenceFlow') continue
    const base = { id: nodeId(e.id), name: name100(e), x: 0, y: 0, mode: 'any' as const }
    const triggers = ((e.eventDefinitions as { $type: string }[] | undefined) ?? []).map((d) => d.$type)
    switch (e.$type) {
      case 'bpmn:StartEvent':
      case 'bpmn:EndEvent':
        if (triggers.length > 0) report(e, 'msg_bpmn_event_plain', { kind: triggers.join(', ') })
        nodes.push({ ...base, type: e.$type === 'bpmn:StartEvent' ? 'start' : 'end' })
        break
      case 'bpmn:UserTask': {
        const loop = e.loopCharacteristics as { $type: string; completionCondition?: unknown } | undefined
        const assignee = approversOf(e, (reason, params) => report(e, reason, params))
        const documented = ((e.documentation as { text?: string }[] | undefined) ?? []).some((d) => d.text === 'approval: all must approve')
        if (loop?.completionCondition) report(e, 'msg_bpmn_completion_condition')
        nodes.push({ ...base, type: 'approval', mode: loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics' || documented ? 'all' : 'any', ...(assignee ? { assignee } : {}) })
        break
      }
      case 'bpmn:ExclusiveGateway':
        nodes.push({ ...base, type: 'condition' })
        conditionNodes.add(base.id)
        break
      case 'bpmn:ParallelGateway':
        nodes.push({ ...base, type: 'parallel' })
        break
      default:
        report(e, 'msg_bpmn_element_unsupported')
        continue
    }
    kept.add(base.id)
  }

  // Links, with each left-out element bridged when it has one way in and one way out.
  const idOf = (ref: unknown) => nodeId((ref as El).id)
  let links: ProcessLink[] = flows
    .filter((f) => f.sourceRef && f.targetRef)
    .map((f) => ({ id: nodeId(f.id), source: idOf(f.sourceRef), target: idOf(f.targetRef), name: name100(f), isDefault: false, xml: f }))
    .map(({ xml: f, ...l }) => {
      const source = (f.sourceRef as El)
      const body = (f.conditionExpression as { body?: string } | undefined)?.body?.trim()
      // Only a condition node has a default link (BPMN allows one out of a task too; there it is just the way on).
      const isDefault = conditionNodes.has(l.source) && (source.default as El | undefined)?.id === f.id
      if (!body || isDefault) return { ...l, isDefault }
      const language = (f.conditionExpression as { language?: string }).language
      const parsed = language && !/^(juel|uel|feel|javascript|js)$/i.test(language) ? null : parseConditionExpression(body)
      if (!conditionNodes.has(l.source)) {
        report(f, 'msg_bpmn_condition_not_on_gateway', { expression: body })
        return l
      }
      if (parsed?.ok) return { ...l, condition: parsed.condition as Condition }
      const reason = !parsed ? 'msg_bpmn_condition_language' : parsed.problem === 'variable' ? 'msg_bpmn_condition_variable' : parsed.problem === 'compound' ? 'msg_bpmn_condition_compound' : 'msg_bpmn_condition_syntax'
      report(f, reason, { expression: body, variable: parsed && !parsed.ok ? (parsed.variable ?? '') : '', language: language ?? '' })
      return l
    })
  for (const e of elements) {
    const id = nodeId(e.id)
    if (e.$type === 'bpmn:SequenceFlow' || kept.has(id)) continue
    const into = links.filter((l) => l.target === id)
    const out = links.filter((l) => l.source === id)
    links = links.filter((l) => l.source !== id && l.target !== id)
    if (into.length === 1 && out.length === 1) links.push({ ...into[0]!, target: out[0]!.target })
  }
  // An exclusive gateway without a `default`: its one unconditioned flow (a merge's only way on) is the default.
  for (const g of conditionNodes) {
    const out = links.filter((l) => l.source === g)
    const plain = out.filter((l) => !l.condition)
    if (!out.some((l) => l.isDefault) && plain.length === 1) plain[0]!.isDefault = true
  }

  place(nodes, links, definitions, ours)
  const processKey = keyOf(process.id, ours)
  const participant = participants.find((p) => (p.processRef as El | undefined)?.id === process.id)
  const remark = ((process.documentation as { text?: string }[] | undefined) ?? []).map((d) => d.text ?? '').join('\n').trim().slice(0, 500)
  return { draft: { processKey, name: (name100(process) || name100(participant ?? {}) || processKey).slice(0, 100), typeId: '', remark, model: { nodes, links } }, unsupported }
}

/** The process id as a key; the hub's own export prefixed it (bpmnId), which comes off again. */
function keyOf(xmlId: string, ours: boolean): string {
  const own = ours && xmlId.startsWith('process_') ? xmlId.slice('process_'.length) : xmlId
  const key = own.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64)
  return PROCESS_KEY_PATTERN.test(key) ? key : `_${key}`.slice(0, 64)
}

/** Positions from the diagram's shapes (top-left corners); without a diagram, columns by distance from the start. */
function place(nodes: ProcessNode[], links: ProcessLink[], definitions: ModdleElement, ours: boolean): void {
  const bounds = new Map<string, { x: number; y: number }>()
  for (const d of (definitions.diagrams ?? []) as { plane?: { planeElement?: { bpmnElement?: { id?: string }; bounds?: { x: number; y: number } }[] } }[]) {
    for (const s of d.plane?.planeElement ?? []) if (s.bpmnElement?.id && s.bounds) bounds.set(s.bpmnElement.id, s.bounds)
  }
  const spread = ours ? 1 : SPREAD_X
  const column = new Map<string, number>()
  const start = nodes.find((n) => n.type === 'start')
  if (start) {
    column.set(start.id, 0)
    const queue = [start.id]
    while (queue.length > 0) {
      const id = queue.shift()!
      for (const l of links.filter((x) => x.source === id)) {
        if (!column.has(l.target)) {
          column.set(l.target, column.get(id)! + 1)
          queue.push(l.target)
        }
      }
    }
  }
  const rows = new Map<number, number>()
  for (const n of nodes) {
    // Node ids may have been changed from the XML's; the diagram is keyed by the XML's.
    const b = bounds.get(n.id) ?? [...bounds.entries()].find(([k]) => k.replace(/[^A-Za-z0-9_-]/g, '_') === n.id)?.[1]
    if (b) {
      n.x = Math.round(b.x * spread)
      n.y = Math.round(b.y)
      continue
    }
    const c = column.get(n.id) ?? 0
    const r = rows.get(c) ?? 0
    rows.set(c, r + 1)
    n.x = 40 + c * 240
    n.y = 60 + r * 120
  }
}
