import type { Cell } from '../../../../shared/contract/datahub/sqlTools'

/**
 * Cells as JSON carries them, bounded: a preview is for looking, not for moving data, so long
 * texts are cut and the whole answer stops growing past a budget (the grid then says more rows
 * exist).
 */
export const CELL_TEXT_MAX = 2000
export const PREVIEW_BUDGET_CHARS = 8 * 1024 * 1024

const cut = (text: string) => (text.length > CELL_TEXT_MAX ? `${text.slice(0, CELL_TEXT_MAX)}…` : text)

export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return cut(value)
  if (typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value)
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString()
  if (value instanceof Uint8Array) return cut(`0x${Buffer.from(value).toString('hex')}`)
  try {
    return cut(JSON.stringify(value))
  } catch {
    return cut(String(value))
  }
}

/** Collects rows up to `limit`, within the character budget; `truncated` when more were there. */
export class RowCollector {
  readonly rows: Cell[][] = []
  truncated = false
  private chars = 0
  constructor(private readonly limit: number) {}

  /** False once no more rows are wanted. */
  add(values: readonly unknown[]): boolean {
    if (this.rows.length >= this.limit || this.chars > PREVIEW_BUDGET_CHARS) {
      this.truncated = true
      return false
    }
    const row = values.map(toCell)
    for (const c of row) this.chars += typeof c === 'string' ? c.length : 8
    this.rows.push(row)
    return true
  }
}
