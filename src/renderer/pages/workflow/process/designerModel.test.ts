import { describe, expect, it } from 'vitest'
import { addLink, addNode, blankDraft, checkDraft, patchLink, placeIssues, removeNode } from './designerModel'

describe('process designer model', () => {
  it("refuses an empty draft with the spec's missing process key and name messages, under their fields", () => {
    const r = checkDraft(blankDraft())
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.issues.fields).toEqual({ processKey: 'msg_process_key_missing', name: 'msg_process_name_missing' })
  })

  it('puts the graph rules on the node they concern: an approval node without roles says the role is missing', () => {
    const draft = { ...blankDraft(), processKey: 'change', name: '变更审批' }
    const { model, id } = addNode(draft.model, 'approval', 200, 100)
    const wired = addLink(addLink({ ...model, links: [] }, 'start', id)!.model, id, 'end')!.model
    const r = checkDraft({ ...draft, model: wired })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.issues.nodes).toEqual({ [id]: ['msg_process_role_missing'] })
    const withRole = { ...wired, nodes: wired.nodes.map((n) => (n.id === id ? { ...n, assignee: { kind: 'role' as const, roles: ['admin'], positions: [], users: [] } } : n)) }
    expect(checkDraft({ ...draft, model: withRole }).ok).toBe(true)
  })

  it('gives a condition node its first link out as the default, and keeps one default per node', () => {
    const node = addNode(blankDraft().model, 'condition', 100, 100)
    const id = node.id
    const model = addLink(node.model, id, 'end')!.model
    const first = model.links.at(-1)!
    expect(first.isDefault).toBe(true)
    const second = addLink(model, id, 'start')!
    expect(second.model.links.at(-1)!.isDefault).toBe(false)
    const switched = patchLink(second.model, second.id, { isDefault: true })
    expect(switched.links.filter((l) => l.source === id && l.isDefault).map((l) => l.id)).toEqual([second.id])
    expect(addLink(switched, id, 'end')).toBeNull()
  })

  it('removing a node removes its links; paths of a hub answer land on the same node and link ids', () => {
    const draft = blankDraft()
    expect(removeNode(draft.model, 'end').links).toEqual([])
    const placed = placeIssues(draft.model, [
      { path: 'model.nodes.1', key: 'msg_process_end_has_links' },
      { path: 'model.links.0.condition', key: 'msg_process_condition_not_here' },
      { path: 'model.nodes', key: 'msg_process_start_missing' },
    ])
    expect(placed).toMatchObject({ nodes: { end: ['msg_process_end_has_links'] }, links: { link_1: ['msg_process_condition_not_here'] }, general: ['msg_process_start_missing'], count: 3 })
  })
})
