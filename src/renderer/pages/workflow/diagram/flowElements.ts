import { MarkerType, type Edge } from '@xyflow/react'
import { tokens } from '@fluentui/react-components'
import type { ProcessModel } from '../../../../shared/rules/approvals/process'
import { NODE_SIZE, type ProcessFlowNode, type ProcessNodeData } from './ProcessNodeView'

/** A model's nodes and links as React Flow elements (given sizes: drawn without measuring first, in jsdom too). */
export function flowNodes(model: ProcessModel, extra: (id: string) => Omit<ProcessNodeData, 'node'>, selectedId?: string | null): ProcessFlowNode[] {
  return model.nodes.map((node) => ({
    id: node.id,
    type: 'process',
    position: { x: node.x, y: node.y },
    ...NODE_SIZE[node.type],
    data: { node, ...extra(node.id) },
    selected: node.id === selectedId,
  }))
}

export interface EdgeLook {
  label?: string
  taken?: boolean
  invalid?: boolean
  selected?: boolean
}

export function flowEdges(model: ProcessModel, look: (linkId: string) => EdgeLook): Edge[] {
  return model.links.map((l) => {
    const { label, taken, invalid, selected } = look(l.id)
    const colour = invalid ? tokens.colorPaletteRedBorderActive : taken ? tokens.colorPaletteGreenBorderActive : selected ? tokens.colorBrandStroke1 : tokens.colorNeutralStroke1
    return {
      id: l.id,
      source: l.source,
      target: l.target,
      type: 'smoothstep',
      ...(label ? { label } : {}),
      selected: selected ?? false,
      markerEnd: { type: MarkerType.ArrowClosed, color: colour },
      style: { stroke: colour, strokeWidth: taken || selected || invalid ? 2.5 : 1.5 },
      data: { linkId: l.id },
    }
  })
}
