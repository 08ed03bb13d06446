// bpmn-moddle ships no types; the little of it the hub uses (creating elements, writing XML).
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string
    id?: string
    get(name: string): ModdleElement[] & unknown
    [key: string]: unknown
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>)
    create(type: string, attrs?: Record<string, unknown>): ModdleElement
    toXML(element: ModdleElement, options?: { format?: boolean }): Promise<{ xml: string }>
    fromXML(xml: string, type?: string): Promise<{ rootElement: ModdleElement; warnings: unknown[] }>
  }
}
