import BpmnModdle from 'bpmn-moddle'

interface FlowElement {
  $type: string
  id: string
  conditionExpression?: { $type: string; language?: string; body?: string }
}
export interface ReadCondition {
  flow: string
  /** The expression's own type (bpmn:FormalExpression) and language (undefined: the engine's default expression language). */
  type: string
  language: string | undefined
  body: string
}

/** A BPMN 2.0 document read as a modeler reads it: its flow elements by type and id, the sequence flows' conditions, and the reader's warnings. */
export async function readBpmnXml(xml: string): Promise<{ elements: string[]; conditions: ReadCondition[]; warnings: unknown[] }> {
  const { rootElement, warnings } = await new BpmnModdle().fromXML(xml)
  const processes = (rootElement.rootElements ?? []) as { flowElements?: FlowElement[] }[]
  const flowElements = processes.flatMap((p) => p.flowElements ?? [])
  const conditions = flowElements.flatMap((e) => (e.conditionExpression ? [{ flow: e.id, type: e.conditionExpression.$type, language: e.conditionExpression.language, body: e.conditionExpression.body ?? '' }] : []))
  return { elements: flowElements.map((e) => `${e.$type}:${e.id}`), conditions, warnings }
}
