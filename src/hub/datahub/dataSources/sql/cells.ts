import type { Cell, SqlPreview } from '../../../../shared/contract/datahub/sqlTools'

/**
 * Cells as JSON carries them, bounded in bytes, not only in rows: a preview is for looking, not
 * for moving data. A cell longer than CELL_TEXT_MAX characters is cut (its text ends with '…'
 * and the answer lists it in `cutCells`), and rows stop coming once the answer would pass
 * PREVIEW_BUDGET_BYTES (the grid then says more rows exist). The drivers make the server cut
 * the cells before sending them (CELL_FETCH_CHARS), so a 50 MB value never reaches the hub.
 */
export const CELL_TEXT_MAX = 2000
/** What a driver asks the server for: one character more than shown tells a cut cell apart. */
export const CELL_FETCH_CHARS = CELL_TEXT_MAX + 1
/** Binary cells are shown as 0x + hex: half as many bytes as characters. */
export const CELL_FETCH_BYTES = CELL_TEXT_MAX / 2 + 1
export const PREVIEW_BUDGET_BYTES = 4 * 1024 * 1024

const cutText = (text: string): [Cell, boolean] => (text.length > CELL_TEXT_MAX ? [`${text.slice(0, CELL_TEXT_MAX)}…`, true] : [text, false])

/** The cell, and whether it was cut. */
export function toCell(value: unknown): [Cell, boolean] {
  if (value === null || value === undefined) return [null, false]
  if (typeof value === 'string') return cutText(value)
  if (typeof value === 'boolean') return [value, false]
  if (typeof value === 'number') return [Number.isFinite(value) ? value : String(value), false]
  if (typeof value === 'bigint') return [value.toString(), false]
  if (value instanceof Date) return [Number.isNaN(value.getTime()) ? String(value) : value.toISOString(), false]
  if (value instanceof Uint8Array) {
    // Only the bytes that can be shown are turned into text.
    const shown = Buffer.from(value.buffer, value.byteOffset, Math.min(value.byteLength, CELL_FETCH_BYTES))
    const [cell] = cutText(`0x${shown.toString('hex')}`)
    return [cell, value.byteLength * 2 + 2 > CELL_TEXT_MAX]
  }
  try {
    return cutText(JSON.stringify(value))
  } catch {
    return cutText(String(value))
  }
}

const sizeOf = (cell: Cell) => (typeof cell === 'string' ? Buffer.byteLength(cell) + 2 : 8)

/** Collects rows up to `limit` and within the byte budget; `truncated` when more were there. */
export class RowCollector {
  readonly rows: Cell[][] = []
  readonly cutCells: [number, number][] = []
  truncated = false
  private bytes = 0
  constructor(private readonly limit: number) {}

  /** False once no more rows are wanted. */
  add(values: readonly unknown[]): boolean {
    if (this.rows.length >= this.limit) {
      this.truncated = true
      return false
    }
    const row: Cell[] = []
    const cut: number[] = []
    let size = 0
    values.forEach((value, column) => {
      const [cell, wasCut] = toCell(value)
      row.push(cell)
      size += sizeOf(cell)
      if (wasCut) cut.push(column)
    })
    // The first row always fits: a preview of one wide row still shows something.
    if (this.rows.length > 0 && this.bytes + size > PREVIEW_BUDGET_BYTES) {
      this.truncated = true
      return false
    }
    this.bytes += size
    for (const column of cut) this.cutCells.push([this.rows.length, column])
    this.rows.push(row)
    return true
  }

  /** Whether another `rowBytes`-sized row could still fit (drivers size their fetches by it). */
  get roomBytes(): number {
    return Math.max(0, PREVIEW_BUDGET_BYTES - this.bytes)
  }

  preview(columns: SqlPreview['columns']): SqlPreview {
    return { columns, rows: this.rows, truncated: this.truncated, ...(this.cutCells.length > 0 ? { cutCells: this.cutCells } : {}) }
  }
}
