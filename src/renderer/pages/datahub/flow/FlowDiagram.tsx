import { memo, useMemo } from 'react'
import { Handle, MarkerType, Position, ReactFlow, ReactFlowProvider, type Edge, type Node, type NodeProps } from '@xyflow/react'
import '@xyflow/react/dist/base.css'
import { makeStyles, tokens } from '@fluentui/react-components'
import { ConsumerBox } from './boxes/ConsumerBox'
import { ProducerBox } from './boxes/ProducerBox'
import { TopicBox } from './boxes/TopicBox'
import { layoutRow } from './flowLayout'
import type { FlowRowModel } from './flowRow'

const useStyles = makeStyles({
  // Handles only anchor the arrows: nobody draws new connections here.
  handle: { opacity: 0, pointerEvents: 'none' },
})

type BoxData = { row: FlowRowModel; detail: boolean; slotKey?: string }
type BoxNode = Node<BoxData>

function Anchors({ left, right }: { left: boolean; right: boolean }) {
  const styles = useStyles()
  return (
    <>
      {left && <Handle className={styles.handle} type="target" position={Position.Left} isConnectable={false} />}
      {right && <Handle className={styles.handle} type="source" position={Position.Right} isConnectable={false} />}
    </>
  )
}

const ProducerNode = memo(({ data }: NodeProps<BoxNode>) => (
  <>
    <ProducerBox row={data.row} detail={data.detail} />
    <Anchors left={false} right />
  </>
))
const TopicNode = memo(({ data }: NodeProps<BoxNode>) => (
  <>
    <TopicBox row={data.row} detail={data.detail} />
    <Anchors left right />
  </>
))
const ConsumerNode = memo(({ data }: NodeProps<BoxNode>) => {
  const slot = data.row.consumers.find((c) => c.key === data.slotKey)
  return slot ? (
    <>
      <ConsumerBox row={data.row} slot={slot} detail={data.detail} />
      <Anchors left right={false} />
    </>
  ) : null
})
const nodeTypes = { producer: ProducerNode, topic: TopicNode, consumer: ConsumerNode }

const arrow = { type: MarkerType.ArrowClosed, color: tokens.colorNeutralStroke1 }
const edgeStyle = { stroke: tokens.colorNeutralStroke1, strokeWidth: 1.5 }

/**
 * One topic flow drawn with xyflow: producer box → topic cylinder → consumer boxes, with arrows.
 * A picture, not an editor: nothing is dragged, connected, zoomed or panned, no key does anything, and wheel events go
 * to the list so the page scrolls through the rows. Loaded lazily (FlowRow) so that the login
 * route never carries xyflow.
 */
export default function FlowDiagram({ row, detail }: { row: FlowRowModel; detail: boolean }) {
  const { nodes, edges, width, height } = useMemo(() => {
    const layout = layoutRow(row, detail)
    const nodes: BoxNode[] = layout.nodes.map((n) => ({
      id: n.id,
      type: n.kind,
      position: { x: n.x, y: n.y },
      // Given sizes: xyflow shows the nodes without measuring them first (and in jsdom too).
      width: n.width,
      height: n.height,
      data: { row, detail, ...(n.slotKey ? { slotKey: n.slotKey } : {}) },
      draggable: false,
      selectable: false,
      focusable: false,
      // xyflow turns pointer events off on nodes that are neither draggable nor selectable: the buttons need them.
      style: { pointerEvents: 'all' },
    }))
    const edges: Edge[] = layout.edges.map((e) => ({ ...e, type: 'smoothstep', markerEnd: arrow, style: edgeStyle, focusable: false }))
    return { nodes, edges, width: layout.width, height: layout.height }
  }, [row, detail])

  return (
    <div style={{ width, height }}>
      <ReactFlowProvider>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          defaultViewport={{ x: 0, y: 0, zoom: 1 }}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          panOnDrag={false}
          panOnScroll={false}
          zoomOnScroll={false}
          zoomOnPinch={false}
          zoomOnDoubleClick={false}
          preventScrolling={false}
          disableKeyboardA11y
          // No keys either: xyflow listens on the whole window and would take Space, Delete,
          // Shift and Ctrl from every editor on the page (issue 33; keyScope.ts).
          panActivationKeyCode={null}
          deleteKeyCode={null}
          selectionKeyCode={null}
          multiSelectionKeyCode={null}
          zoomActivationKeyCode={null}
          // One small diagram per row: an attribution badge on each would crowd the list (the MIT licence allows hiding it).
          proOptions={{ hideAttribution: true }}
        />
      </ReactFlowProvider>
    </div>
  )
}
