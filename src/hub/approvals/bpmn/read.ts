import BpmnModdle from 'bpmn-moddle'

/** A BPMN 2.0 document read as a modeler reads it: its flow elements by type and id, and the reader's warnings. */
export async function readBpmnXml(xml: string): Promise<{ elements: string[]; warnings: unknown[] }> {
  const { rootElement, warnings } = await new BpmnModdle().fromXML(xml)
  const processes = (rootElement.rootElements ?? []) as { flowElements?: { $type: string; id: string }[] }[]
  return { elements: processes.flatMap((p) => (p.flowElements ?? []).map((e) => `${e.$type}:${e.id}`)), warnings }
}
