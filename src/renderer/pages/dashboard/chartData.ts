import type { WidgetData } from '../../../shared/contract/dashboards/widgets'
import { groupThousands } from '../../../../locales/placeholders'

/**
 * What a chart draws of a widget's table: the first column as labels, every other column whose
 * values are numbers (or numbers as text, as PostgreSQL's preview gives them) as a series.
 */
export interface ChartSeries {
  name: string
  values: number[]
}
export interface ChartTable {
  labels: string[]
  series: ChartSeries[]
}

type Cell = WidgetData['rows'][number][number]

/** A number, or null for a cell that is not one (empty text is not zero). */
export function numberOf(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null
  if (typeof cell === 'string' && cell.trim() !== '') {
    const n = Number(cell)
    return Number.isFinite(n) ? n : null
  }
  return null
}

const labelOf = (cell: Cell): string => (cell === null ? '' : String(cell))

export function chartTable(data: WidgetData): ChartTable {
  const labels = data.rows.map((r) => labelOf(r[0] ?? null))
  const series: ChartSeries[] = []
  data.columns.forEach((c, i) => {
    if (i === 0 && data.columns.length > 1) return
    const values = data.rows.map((r) => numberOf(r[i] ?? null))
    if (values.length > 0 && values.some((v) => v !== null)) series.push({ name: c.name, values: values.map((v) => v ?? 0) })
  })
  return { labels, series }
}

/** The number widget's figure: the first numeric cell of the first row, else its first cell as text. */
export function headline(data: WidgetData): string {
  const first = data.rows[0]
  if (!first) return ''
  const n = first.map(numberOf).find((v) => v !== null)
  return n !== undefined && n !== null ? groupThousands(n) : labelOf(first[0] ?? null)
}

/**
 * A histogram of the first numeric column's values: `bins` equal ranges from the smallest to the
 * largest value (Sturges' rule when not given), each labelled by its range.
 */
export function histogram(data: WidgetData, bins?: number): { labels: string[]; counts: number[] } {
  const table = chartTable(data)
  const values = table.series[0]?.values ?? []
  if (values.length === 0) return { labels: [], counts: [] }
  const min = Math.min(...values)
  const max = Math.max(...values)
  const n = bins ?? Math.max(1, Math.ceil(Math.log2(values.length) + 1))
  const width = max === min ? 1 : (max - min) / n
  const counts = new Array<number>(max === min ? 1 : n).fill(0)
  for (const v of values) counts[Math.min(counts.length - 1, Math.floor((v - min) / width))]! += 1
  const round = (x: number) => groupThousands(Number(x.toPrecision(4)))
  const labels = counts.map((_, i) => (max === min ? round(min) : `${round(min + i * width)}–${round(min + (i + 1) * width)}`))
  return { labels, counts }
}
