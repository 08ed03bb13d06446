import BpmnModdle, { type ModdleElement } from 'bpmn-moddle'
import type { Assignee, ProcessModel, ProcessNode } from '../../../shared/rules/approvals/process'
import { conditionExpression } from './expressions'

/**
 * The designer's model as BPMN 2.0 XML, made with bpmn-moddle so any modeler (Camunda,
 * bpmn.io) opens it: start → startEvent, approval → userTask whose potentialOwner names the
 * approvers (`role:a,b`, `position:x`, `orgManager`, `users:u1,u2`) and whose documentation
 * says any-one or all-must-approve, condition → exclusiveGateway (its default link as
 * `default`), parallel → parallelGateway, end → endEvent, links → sequenceFlows whose condition
 * is a formal expression without a language: `${changeSize > 1}` (bpmn/expressions.ts), the
 * JUEL that Camunda, Flowable and Activiti evaluate and the hub's engine reads without
 * evaluating code. A diagram (BPMNDI) places each node where the designer drew it.
 */

/**
 * The language of conditions exported before they were written as expressions (the condition as
 * JSON): definitions deployed then still run (engine/conditions.ts reads both).
 */
export const CONDITION_LANGUAGE = 'application/x-datahub-condition+json'

const SIZE: Record<ProcessNode['type'], { w: number; h: number }> = {
  start: { w: 36, h: 36 },
  end: { w: 36, h: 36 },
  approval: { w: 100, h: 80 },
  condition: { w: 50, h: 50 },
  parallel: { w: 50, h: 50 },
}
const ELEMENT: Record<ProcessNode['type'], string> = {
  start: 'bpmn:StartEvent',
  approval: 'bpmn:UserTask',
  condition: 'bpmn:ExclusiveGateway',
  parallel: 'bpmn:ParallelGateway',
  end: 'bpmn:EndEvent',
}

export function assigneeExpression(a: Assignee): string {
  if (a.kind === 'orgManager') return 'orgManager'
  const list = a.kind === 'role' ? a.roles : a.kind === 'position' ? a.positions : a.users
  return `${a.kind}:${list.join(',')}`
}

export async function toBpmnXml(processKey: string, name: string, model: ProcessModel): Promise<string> {
  const moddle = new BpmnModdle()
  const el = (type: string, attrs: Record<string, unknown> = {}) => moddle.create(type, attrs)
  const elements = new Map<string, ModdleElement>()
  for (const n of model.nodes) {
    const e = el(ELEMENT[n.type], { id: n.id, ...(n.name ? { name: n.name } : {}) })
    if (n.type === 'approval' && n.assignee) {
      const expression = el('bpmn:FormalExpression', { body: assigneeExpression(n.assignee) })
      e.resources = [el('bpmn:PotentialOwner', { resourceAssignmentExpression: el('bpmn:ResourceAssignmentExpression', { expression }) })]
      e.documentation = [el('bpmn:Documentation', { text: n.mode === 'all' ? 'approval: all must approve' : 'approval: any one approves' })]
    }
    elements.set(n.id, e)
  }
  const flows = model.links.map((l) => {
    const source = elements.get(l.source)!
    const target = elements.get(l.target)!
    const flow = el('bpmn:SequenceFlow', { id: l.id, sourceRef: source, targetRef: target, ...(l.name ? { name: l.name } : {}) })
    if (l.condition && !l.isDefault) flow.conditionExpression = el('bpmn:FormalExpression', { body: conditionExpression(l.condition) })
    if (l.isDefault) source.default = flow
    source.get('outgoing').push(flow)
    target.get('incoming').push(flow)
    return flow
  })
  const process = el('bpmn:Process', { id: bpmnId(processKey), name, isExecutable: true, flowElements: [...elements.values(), ...flows] })

  const nodeById = new Map(model.nodes.map((n) => [n.id, n]))
  const centre = (n: ProcessNode) => ({ x: n.x + SIZE[n.type].w / 2, y: n.y + SIZE[n.type].h / 2 })
  const shapes = model.nodes.map((n) =>
    el('bpmndi:BPMNShape', { id: `${n.id}_di`, bpmnElement: elements.get(n.id), bounds: el('dc:Bounds', { x: n.x, y: n.y, width: SIZE[n.type].w, height: SIZE[n.type].h }) }),
  )
  const edges = model.links.map((l, i) => {
    const from = centre(nodeById.get(l.source)!)
    const to = centre(nodeById.get(l.target)!)
    return el('bpmndi:BPMNEdge', { id: `${l.id}_di`, bpmnElement: flows[i], waypoint: [el('dc:Point', from), el('dc:Point', to)] })
  })
  const plane = el('bpmndi:BPMNPlane', { id: `${bpmnId(processKey)}_plane`, bpmnElement: process, planeElement: [...shapes, ...edges] })
  const diagram = el('bpmndi:BPMNDiagram', { id: `${bpmnId(processKey)}_diagram`, plane })
  const definitions = el('bpmn:Definitions', { id: `${bpmnId(processKey)}_definitions`, targetNamespace: 'urn:datahub:process', exporter: 'DataHub Console', rootElements: [process], diagrams: [diagram] })
  return (await moddle.toXML(definitions, { format: true })).xml
}

/** A process key as an XML id (NCName: no leading digit; dots and hyphens are allowed already). */
export const bpmnId = (key: string) => `process_${key.replace(/[^A-Za-z0-9_.-]/g, '_')}`
