import type { Cell } from '../../shared/contract/datahub/sqlTools'
import type { WidgetData } from '../../shared/contract/dashboards/widgets'
import { WIDGET_ROWS_MAX } from '../../shared/rules/dashboards/widget'

const cell = (v: unknown): Cell => (v === null || v === undefined ? null : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : JSON.stringify(v))
const typeOf = (values: unknown[]): string => (values.every((v) => v === null || typeof v === 'number') ? 'number' : 'text')

/**
 * JSON data (typed into a json widget, or answered by an api widget's address) as a widget's
 * table. Understood shapes, the first that fits:
 * - `{ "columns": [...names], "rows": [[...], ...] }` (the widget data's own shape);
 * - an array of objects: one row each, the columns the keys in order of first appearance;
 * - an array of arrays: rows as they are, columns named c1, c2…;
 * - an array of scalars: one column `value`;
 * - an object: its key/value pairs as rows (`{"ok": 3, "failed": 1}` makes a pie).
 * `data` (an object holding the array, a common API envelope) is looked into once. Nested
 * values are shown as their JSON text. At most WIDGET_ROWS_MAX rows.
 */
export function jsonTable(value: unknown): WidgetData {
  const limited = (columns: string[], rows: unknown[][]): WidgetData => ({
    columns: columns.map((name, i) => ({ name, type: typeOf(rows.slice(0, WIDGET_ROWS_MAX).map((r) => r[i] ?? null)) })),
    rows: rows.slice(0, WIDGET_ROWS_MAX).map((r) => columns.map((_, i) => cell(r[i]))),
    truncated: rows.length > WIDGET_ROWS_MAX,
  })
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>
    if (Array.isArray(o.columns) && Array.isArray(o.rows) && o.rows.every(Array.isArray)) return limited(o.columns.map(String), o.rows as unknown[][])
    if (Array.isArray(o.data) || (o.data && typeof o.data === 'object')) return jsonTable(o.data)
    return limited(['key', 'value'], Object.entries(o).map(([k, v]) => [k, v]))
  }
  if (!Array.isArray(value)) return limited(['value'], [[value]])
  if (value.length > 0 && value.every((v) => v && typeof v === 'object' && !Array.isArray(v))) {
    const keys = [...new Set(value.flatMap((v) => Object.keys(v as object)))]
    return limited(keys, value.map((v) => keys.map((k) => (v as Record<string, unknown>)[k])))
  }
  if (value.every(Array.isArray)) {
    const width = Math.max(0, ...value.map((r) => (r as unknown[]).length))
    return limited(Array.from({ length: width }, (_, i) => `c${i + 1}`), value as unknown[][])
  }
  return limited(['value'], value.map((v) => [v]))
}
