import { useEffect, useRef, useState } from 'react'
import { makeStyles } from '@fluentui/react-components'
import { DonutChart, LineChart, VerticalBarChart, type ChartProps, type LineChartPoints, type VerticalBarChartDataPoint } from '@fluentui/react-charts'
import type { WidgetData } from '../../../shared/contract/dashboards/widgets'
import type { ChartType } from '../../../shared/rules/dashboards/widget'
import { useActiveTheme } from '../../theme/activeTheme'
import { chartTable, histogram } from './chartData'
import { chartColor } from './chartPalette'

const useStyles = makeStyles({ fill: { width: '100%', height: '100%', minHeight: 0, overflow: 'hidden' } })

/** The chart's box, measured (the charts draw SVG of a given size; a tile is resized by dragging). */
function useSize() {
  const ref = useRef<HTMLDivElement>(null)
  const [size, setSize] = useState({ width: 0, height: 0 })
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const observer = new ResizeObserver(([entry]) => entry && setSize({ width: Math.floor(entry.contentRect.width), height: Math.floor(entry.contentRect.height) }))
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return { ref, ...size }
}

/** A date, or a number, as a line chart's x when every label is one; else the row's position. */
function xValues(labels: string[]): (number | Date)[] {
  if (labels.length > 0 && labels.every((l) => l.trim() !== '' && Number.isFinite(Number(l)))) return labels.map(Number)
  if (labels.length > 0 && labels.every((l) => /^\d{4}-\d{2}-\d{2}/.test(l) && !Number.isNaN(Date.parse(l)))) return labels.map((l) => new Date(l))
  return labels.map((_, i) => i + 1)
}

/**
 * The chart types drawn with the Fluent v9 charting package (@fluentui/react-charts): line, bar,
 * pie (a donut without a hole), histogram (bars of bucketed values). This module is its own
 * chunk, loaded only when a chart is on screen (WidgetView's lazy import), so neither the login
 * route nor a page without charts pays for it.
 *
 * Every series, bar and slice is given its colour from the active theme (chartPalette): left to
 * itself the pie paints slices and legend swatches with no colour at all (black, empty), and the
 * other charts pick light-theme colours in the dark theme. The title is the tile's (or the
 * editor's) and only names the chart for assistive technology: the pie would draw it a second
 * time, clipped, above itself.
 */
export default function WidgetChart({ data, chartType, title }: { data: WidgetData; chartType: ChartType; title: string }) {
  const styles = useStyles()
  const theme = useActiveTheme()
  const { ref, width, height } = useSize()
  const table = chartTable(data)
  const ready = width > 0 && height > 0
  let chart = null
  if (ready && chartType === 'line') {
    const xs = xValues(table.labels)
    const lineChartData: LineChartPoints[] = table.series.map((s, n) => ({ legend: s.name, color: chartColor(theme, n), data: s.values.map((y, i) => ({ x: xs[i]!, y, xAxisCalloutData: table.labels[i] })) }))
    chart = <LineChart data={{ chartTitle: title, lineChartData }} width={width} height={height} />
  } else if (ready && chartType === 'bar') {
    const first = table.series[0]
    const bars: VerticalBarChartDataPoint[] = first ? table.labels.map((x, i) => ({ x, y: first.values[i] ?? 0, legend: x, color: chartColor(theme, i) })) : []
    chart = <VerticalBarChart data={bars} chartTitle={title} width={width} height={height} hideLegend />
  } else if (ready && chartType === 'histogram') {
    const { labels, counts } = histogram(data)
    chart = <VerticalBarChart data={labels.map((x, i) => ({ x, y: counts[i]!, legend: x, color: chartColor(theme, 0) }))} chartTitle={title} width={width} height={height} hideLegend />
  } else if (ready && chartType === 'pie') {
    const first = table.series[0]
    const pie: ChartProps = { chartData: first ? table.labels.map((legend, i) => ({ legend, data: first.values[i] ?? 0, color: chartColor(theme, i) })) : [] }
    chart = <DonutChart data={pie} innerRadius={0} width={width} height={height} />
  }
  return (
    <div ref={ref} className={styles.fill} role="figure" aria-label={title}>
      {chart}
    </div>
  )
}
