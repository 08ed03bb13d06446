import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ReactFlow, ReactFlowProvider } from '@xyflow/react'
import '@xyflow/react/dist/base.css'
import { makeStyles, tokens } from '@fluentui/react-components'
import type { ApproverNames } from '../../../../shared/contract/approvals/workbench'
import type { ProcessModel } from '../../../../shared/rules/approvals/process'
import { flowEdges, flowNodes } from './flowElements'
import { linkLabel } from './linkLabel'
import { processNodeTypes } from './ProcessNodeView'

const useStyles = makeStyles({
  frame: {
    height: '260px',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
})

export interface ProcessDiagramProps {
  model: ProcessModel
  /** Node id → done / active / pending (the instance's progress). */
  progress: Readonly<Record<string, 'done' | 'active' | 'pending'>>
  linksTaken: readonly string[]
  /** The names of the approvers' codes, shown on the approval nodes. */
  approverNames?: ApproverNames
  label: string
}

/**
 * A deployed process drawn read-only with an instance's progress on it (the workbench): nodes
 * passed green, the ones waiting now yellow, the links taken so far drawn bold. Fitted to its
 * frame; panning and zooming are allowed (a large process), editing is not.
 */
export default function ProcessDiagram({ model, progress, linksTaken, approverNames, label }: ProcessDiagramProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { nodes, edges } = useMemo(() => {
    const taken = new Set(linksTaken)
    return {
      nodes: flowNodes(model, (id) => ({ connectable: false, ...(progress[id] ? { status: progress[id] } : {}), ...(approverNames ? { names: approverNames } : {}) })).map((n) => ({ ...n, draggable: false, selectable: false })),
      edges: flowEdges(model, (id) => {
        const link = model.links.find((l) => l.id === id)
        return { label: link ? linkLabel(t, link) : '', taken: taken.has(id) }
      }),
    }
  }, [model, progress, linksTaken, approverNames, t])
  return (
    <div className={styles.frame} role="img" aria-label={label}>
      <ReactFlowProvider>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={processNodeTypes}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          fitView
          fitViewOptions={{ padding: 0.15 }}
          preventScrolling={false}
          zoomOnScroll={false}
          proOptions={{ hideAttribution: true }}
        />
      </ReactFlowProvider>
    </div>
  )
}
