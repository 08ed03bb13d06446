import { boxOf, type FlowRowModel } from './flowRow'

/**
 * The geometry of one flow row, computed rather than measured: every box has a fixed size, so
 * the virtualised list knows each row's height before it mounts, and the diagram shows its nodes
 * at once (xyflow renders nodes with a given width and height without measuring them first).
 */
export const BOX_WIDTH = 250
// 36 px of each for the live counts (received / delivered / failed / in retry): two lines of
// 16 px, as they wrap when one line is too narrow (LiveCountsLine).
export const BOX_HEIGHT = { compact: 168, detail: 208 } as const
// As wide as the other boxes (the cylinder's rounded sides take room), the gaps narrower so the
// diagram keeps its width: 964 px, which fits beside the navigation at 1280 px.
export const TOPIC_WIDTH = 250
const COLUMN_GAP = 95
const BOX_GAP = 16
const PADDING = 12
/** Row header (topic name, tags, detail switch) above the diagram. */
export const ROW_HEADER = 44
export const ROW_GAP = 12

export const COLUMNS = {
  producer: PADDING,
  topic: PADDING + BOX_WIDTH + COLUMN_GAP,
  consumer: PADDING + BOX_WIDTH + COLUMN_GAP + TOPIC_WIDTH + COLUMN_GAP,
} as const
export const DIAGRAM_WIDTH = COLUMNS.consumer + BOX_WIDTH + PADDING

export type NodeKind = 'producer' | 'topic' | 'consumer'
export interface PlacedNode {
  id: string
  kind: NodeKind
  /** Consumer slot key (consumers only). */
  slotKey?: string
  x: number
  y: number
  width: number
  height: number
}
export interface PlacedEdge {
  id: string
  source: string
  target: string
}

export const boxHeight = (detail: boolean): number => (detail ? BOX_HEIGHT.detail : BOX_HEIGHT.compact)

export function diagramHeight(consumers: number, detail: boolean): number {
  const n = Math.max(1, consumers)
  return PADDING * 2 + n * boxHeight(detail) + (n - 1) * BOX_GAP
}

/** Height of a whole row in the list: header, diagram, gap. */
export const rowHeight = (row: FlowRowModel, detail: boolean): number => ROW_HEADER + diagramHeight(row.consumers.length, detail) + ROW_GAP

/** Producer → topic → consumers, left to right; producer and topic centred on the consumer column. */
export function layoutRow(row: FlowRowModel, detail: boolean): { nodes: PlacedNode[]; edges: PlacedEdge[]; width: number; height: number } {
  const h = boxHeight(detail)
  const height = diagramHeight(row.consumers.length, detail)
  const middle = (height - h) / 2
  const nodes: PlacedNode[] = [
    { id: 'producer', kind: 'producer', x: COLUMNS.producer, y: middle, width: BOX_WIDTH, height: h },
    { id: 'topic', kind: 'topic', x: COLUMNS.topic, y: middle, width: TOPIC_WIDTH, height: h },
    ...row.consumers.map((c, i): PlacedNode => ({ id: `consumer:${boxOf(c)}`, kind: 'consumer', slotKey: c.key, x: COLUMNS.consumer, y: PADDING + i * (h + BOX_GAP), width: BOX_WIDTH, height: h })),
  ]
  const edges: PlacedEdge[] = [
    { id: 'producer-topic', source: 'producer', target: 'topic' },
    ...row.consumers.map((c): PlacedEdge => ({ id: `topic-${boxOf(c)}`, source: 'topic', target: `consumer:${boxOf(c)}` })),
  ]
  return { nodes, edges, width: DIAGRAM_WIDTH, height }
}
