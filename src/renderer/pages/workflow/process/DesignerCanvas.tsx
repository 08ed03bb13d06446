import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useDroppable } from '@dnd-kit/core'
import { Background, Controls, ReactFlow, type Connection, type EdgeChange, type NodeChange } from '@xyflow/react'
import '@xyflow/react/dist/base.css'
import { makeStyles, tokens } from '@fluentui/react-components'
import type { ApproverNames } from '../../../../shared/contract/approvals/workbench'
import type { ProcessModel } from '../../../../shared/rules/approvals/process'
import { flowEdges, flowNodes } from '../diagram/flowElements'
import { linkLabel } from '../diagram/linkLabel'
import { processNodeTypes, type ProcessFlowNode } from '../diagram/ProcessNodeView'
import { addLink, patchNode, type DesignerIssues } from './designerModel'

const useStyles = makeStyles({
  frame: {
    flexGrow: 1,
    minWidth: 0,
    height: 'min(420px, 48vh)',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  over: { border: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}` },
})

export type Selection = { kind: 'node' | 'link'; id: string } | null

export interface DesignerCanvasProps {
  model: ProcessModel
  issues: DesignerIssues
  selection: Selection
  onModel: (model: ProcessModel) => void
  onSelect: (selection: Selection) => void
  /** Who the approval nodes name, by name (useDraftApproverNames); absent: by code. */
  approverNames?: ApproverNames | undefined
}

/** The id of the canvas as a drop target of the palette (dnd-kit). */
export const CANVAS_DROP_ID = 'process-canvas'

/**
 * The designer's canvas: the model's nodes, moved by dragging, joined by drawing from a node's
 * right handle to another's left one; a click selects a node or a link for the panel beside it.
 * Nodes and links with validation messages are drawn red. The palette's items drop here.
 */
export function DesignerCanvas({ model, issues, selection, onModel, onSelect, approverNames }: DesignerCanvasProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_DROP_ID })
  const selectedNode = selection?.kind === 'node' ? selection.id : null
  const nodes = useMemo(
    () => flowNodes(model, (id) => ({ connectable: true, invalid: (issues.nodes[id]?.length ?? 0) > 0, ...(approverNames ? { names: approverNames } : {}) }), selectedNode),
    [model, issues, selectedNode, approverNames],
  )
  const edges = useMemo(
    () =>
      flowEdges(model, (id) => {
        const link = model.links.find((l) => l.id === id)
        return { label: link ? linkLabel(t, link) : '', invalid: (issues.links[id]?.length ?? 0) > 0, selected: selection?.kind === 'link' && selection.id === id }
      }),
    [model, issues, selection, t],
  )

  function onNodesChange(changes: NodeChange<ProcessFlowNode>[]) {
    let next = model
    for (const c of changes) {
      if (c.type === 'position' && c.position) next = patchNode(next, c.id, { x: Math.round(c.position.x), y: Math.round(c.position.y) })
      if (c.type === 'select' && c.selected) onSelect({ kind: 'node', id: c.id })
    }
    if (next !== model) onModel(next)
  }
  function onEdgesChange(changes: EdgeChange[]) {
    for (const c of changes) if (c.type === 'select' && c.selected) onSelect({ kind: 'link', id: c.id })
  }
  function onConnect(c: Connection) {
    const added = addLink(model, c.source, c.target)
    if (!added) return
    onModel(added.model)
    onSelect({ kind: 'link', id: added.id })
  }

  return (
    <div ref={setNodeRef} className={isOver ? `${styles.frame} ${styles.over}` : styles.frame} data-testid="process-canvas" aria-label={t('workflow:canvas')} role="region">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={processNodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onPaneClick={() => onSelect(null)}
        // Removing goes through the panel's buttons: Delete in a panel field must not remove the node.
        deleteKeyCode={null}
        // Issue 33 item 12's sibling: a fixed viewport cut the End node at 1280×800. Fitted once,
        // when the canvas opens, never enlarged past 1 (a small process keeps its natural size).
        fitView
        fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
        minZoom={0.3}
        maxZoom={1.5}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={16} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  )
}
