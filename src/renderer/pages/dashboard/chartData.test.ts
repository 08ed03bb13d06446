import { describe, expect, it } from 'vitest'
import { chartTable, headline, histogram } from './chartData'

const data = (columns: string[], rows: (string | number | null)[][]) => ({ columns: columns.map((name) => ({ name, type: '' })), rows, truncated: false })

describe('widget chart data', () => {
  it('reads the first column as labels and numeric columns (numbers as text too) as series', () => {
    expect(chartTable(data(['region', 'total', 'note'], [['north', '7', 'x'], ['south', 5, 'y']]))).toEqual({ labels: ['north', 'south'], series: [{ name: 'total', values: [7, 5] }] })
  })

  it('shows the first number of the first row as the figure', () => {
    expect(headline(data(['label', 'n'], [['today', '1234']]))).toBe((1234).toLocaleString())
  })

  it('buckets the first numeric column into a histogram', () => {
    const h = histogram(data(['id', 'ms'], [['a', 1], ['b', 2], ['c', 9], ['d', 10]]), 3)
    expect(h.counts).toEqual([2, 0, 2])
    expect(h.labels).toHaveLength(3)
  })
})
