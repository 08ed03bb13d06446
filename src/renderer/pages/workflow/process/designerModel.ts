import { processInputSchema, type ProcessInput } from '../../../../shared/contract/approvals/processes'
import { modelIssues, type NodeType, type ProcessLink, type ProcessModel, type ProcessNode } from '../../../../shared/rules/approvals/process'

/**
 * The process designer's model work, without React: a new definition's starting graph, adding and
 * removing nodes and links, and where each validation message belongs. The checks are the hub's
 * own (the contract's schema with the spec's missing-parameter messages, then `modelIssues`), so
 * what the designer refuses is what the hub would refuse, said in the same words.
 */

export interface DesignerDraft {
  processKey: string
  name: string
  typeId: string
  remark: string
  model: ProcessModel
}

/** Start → end: the smallest graph to grow from (approval and condition nodes are dragged in between). */
export function blankDraft(): DesignerDraft {
  return {
    processKey: '',
    name: '',
    typeId: '',
    remark: '',
    model: {
      nodes: [
        { id: 'start', type: 'start', name: '', x: 40, y: 120, mode: 'any' },
        { id: 'end', type: 'end', name: '', x: 520, y: 120, mode: 'any' },
      ],
      links: [{ id: 'link_1', source: 'start', target: 'end', name: '', isDefault: false }],
    },
  }
}

/** The first free id `<prefix>_<n>` (ids name BPMN elements: letters, digits, _ and -). */
export function freeId(model: ProcessModel, prefix: string): string {
  const taken = new Set([...model.nodes.map((n) => n.id), ...model.links.map((l) => l.id)])
  for (let n = 1; ; n++) if (!taken.has(`${prefix}_${n}`)) return `${prefix}_${n}`
}

export function addNode(model: ProcessModel, type: NodeType, x: number, y: number): { model: ProcessModel; id: string } {
  const id = freeId(model, type)
  const node: ProcessNode = {
    id,
    type,
    name: '',
    x: Math.round(x),
    y: Math.round(y),
    mode: 'any',
    ...(type === 'approval' ? { assignee: { kind: 'role' as const, roles: [], positions: [], users: [] } } : {}),
  }
  return { model: { ...model, nodes: [...model.nodes, node] }, id }
}

/** A link from `source` to `target`; a condition node's first link out is its default. Null when that link exists. */
export function addLink(model: ProcessModel, source: string, target: string): { model: ProcessModel; id: string } | null {
  if (source === target || model.links.some((l) => l.source === source && l.target === target)) return null
  const id = freeId(model, 'link')
  const fromCondition = model.nodes.find((n) => n.id === source)?.type === 'condition'
  const isDefault = fromCondition && !model.links.some((l) => l.source === source && l.isDefault)
  const link: ProcessLink = { id, source, target, name: '', isDefault }
  return { model: { ...model, links: [...model.links, link] }, id }
}

export const removeNode = (model: ProcessModel, id: string): ProcessModel => ({
  nodes: model.nodes.filter((n) => n.id !== id),
  links: model.links.filter((l) => l.source !== id && l.target !== id),
})

export const removeLink = (model: ProcessModel, id: string): ProcessModel => ({ ...model, links: model.links.filter((l) => l.id !== id) })

export const patchNode = (model: ProcessModel, id: string, patch: Partial<ProcessNode>): ProcessModel => ({
  ...model,
  nodes: model.nodes.map((n) => (n.id === id ? { ...n, ...patch } : n)),
})

/** Setting a link as its node's default clears the others' (a condition node has exactly one). */
export function patchLink(model: ProcessModel, id: string, patch: Partial<ProcessLink>): ProcessModel {
  const link = model.links.find((l) => l.id === id)
  return {
    ...model,
    links: model.links.map((l) => {
      if (l.id === id) return { ...l, ...patch }
      if (patch.isDefault && link && l.source === link.source) return { ...l, isDefault: false }
      return l
    }),
  }
}

/** Validation messages (message keys) by where they belong: the header's fields, a node, a link, or the whole graph. */
export interface DesignerIssues {
  fields: Record<string, string>
  nodes: Record<string, string[]>
  links: Record<string, string[]>
  general: string[]
  count: number
}

export const NO_ISSUES: DesignerIssues = { fields: {}, nodes: {}, links: {}, general: [], count: 0 }

/**
 * Sorts messages by path (`processKey`, `model.nodes.2.assignee.roles`, `model.links.0.condition`,
 * `model.nodes`): the schema's and modelIssues' alike, and a 4001 answer's `fields` too.
 */
export function placeIssues(model: ProcessModel, entries: readonly { path: string; key: string }[]): DesignerIssues {
  const out: DesignerIssues = { fields: {}, nodes: {}, links: {}, general: [], count: 0 }
  const push = (map: Record<string, string[]>, id: string, key: string) => {
    const list = (map[id] ??= [])
    if (!list.includes(key)) list.push(key)
  }
  for (const { path, key } of entries) {
    out.count++
    const m = /^model\.(nodes|links)\.(\d+)/.exec(path)
    if (m) {
      const item = m[1] === 'nodes' ? model.nodes[Number(m[2])] : model.links[Number(m[2])]
      if (item) {
        push(m[1] === 'nodes' ? out.nodes : out.links, item.id, key)
        continue
      }
    }
    if (!path.startsWith('model')) {
      out.fields[path] ??= key
      continue
    }
    if (!out.general.includes(key)) out.general.push(key)
  }
  return out
}

/** The hub's two checks, before saving: the schema (spec messages), then the graph's rules. */
export function checkDraft(draft: DesignerDraft): { ok: true; input: ProcessInput } | { ok: false; issues: DesignerIssues } {
  const parsed = processInputSchema.safeParse(draft)
  if (!parsed.success) {
    return { ok: false, issues: placeIssues(draft.model, parsed.error.issues.map((i) => ({ path: i.path.join('.'), key: i.message }))) }
  }
  const graph = modelIssues(parsed.data.model)
  if (graph.length > 0) return { ok: false, issues: placeIssues(draft.model, graph) }
  return { ok: true, input: parsed.data }
}
