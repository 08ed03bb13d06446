import { GRID_COLUMNS, WIDGET_HEIGHT_MAX, type Placement } from '../../../shared/rules/dashboards/dashboard'

/** Pixels of one grid row (a widget's height is counted in these). */
export const ROW_HEIGHT = 80

const overlaps = (a: Placement, b: Placement) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

/**
 * The layout with `moved` where the user put it and nothing overlapping: the widgets it covers
 * are pushed down (then those they cover, and so on), as operators know from other dashboards.
 */
export function settle(layout: readonly Placement[], moved: Placement): Placement[] {
  const placed: Placement[] = [moved]
  const rest = layout.filter((p) => p.widgetId !== moved.widgetId).sort((a, b) => a.y - b.y || a.x - b.x)
  for (const p of rest) {
    let next = { ...p }
    for (let clash = placed.find((q) => overlaps(q, next)); clash; clash = placed.find((q) => overlaps(q, next))) next = { ...next, y: clash.y + clash.h }
    placed.push(next)
  }
  return layout.map((p) => placed.find((q) => q.widgetId === p.widgetId)!)
}

/** A drag of `cells` (columns, rows) applied: moving keeps the size, resizing keeps the corner. */
export function dragged(p: Placement, mode: 'move' | 'resize', cells: { x: number; y: number }): Placement {
  if (mode === 'move') return { ...p, x: clamp(p.x + cells.x, 0, GRID_COLUMNS - p.w), y: Math.max(0, p.y + cells.y) }
  return { ...p, w: clamp(p.w + cells.x, 1, GRID_COLUMNS - p.x), h: clamp(p.h + cells.y, 1, WIDGET_HEIGHT_MAX) }
}

/** Where a new widget of this size goes: the first free spot from the top, left to right. */
export function freeSpot(layout: readonly Placement[], widgetId: string, size: { w: number; h: number }): Placement {
  const w = Math.min(size.w, GRID_COLUMNS)
  for (let y = 0; ; y++) {
    for (let x = 0; x + w <= GRID_COLUMNS; x++) {
      const candidate = { widgetId, x, y, w, h: size.h }
      if (!layout.some((p) => overlaps(p, candidate))) return candidate
    }
  }
}

/** Rows the grid needs to show every widget. */
export const gridRows = (layout: readonly Placement[]): number => Math.max(4, ...layout.map((p) => p.y + p.h))
