/**
 * How a `{{name}}` placeholder's value is written into a text, the same in the console (i18next),
 * the hub (translateMessage) and the desktop menus (desktopText).
 *
 * A placeholder named `count` or `total` is a count (i18next's plural `count`, a list's total):
 * a number there is written with ',' thousands groups in both languages (spec part 2 §9,
 * "Thousands separator ','"). Other numbers (ports, codes, versions, row numbers) stay as they are;
 * only the name says a number is a quantity.
 */
const COUNT_PLACEHOLDERS = new Set(['count', 'total'])

const grouping = new Intl.NumberFormat('en-US', { useGrouping: true, maximumFractionDigits: 20 })

/** A count as people read it: 12345 → '12,345', 1234.5 → '1,234.5'; what is not a finite number, as it is. */
export function groupThousands(n: number | bigint | string): string {
  if (typeof n === 'bigint') return grouping.format(n)
  if (typeof n === 'string') return /^-?\d+$/.test(n) ? grouping.format(BigInt(n)) : n
  return Number.isFinite(n) ? grouping.format(n) : String(n)
}

/** A placeholder's value as a text shows it. */
export function placeholderText(name: string, value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'number' && COUNT_PLACEHOLDERS.has(name)) return groupThousands(value)
  return String(value)
}

/** Fills `{{name}}` placeholders (the hub's and the desktop's own texts). */
export const fillPlaceholders = (text: string, params: Record<string, unknown>): string => text.replace(/\{\{(\w+)\}\}/g, (_, n: string) => placeholderText(n, params[n]))
