import { useTranslation } from 'react-i18next'
import type { Theme } from '@fluentui/react-components'
import { LineChart, type LineChartPoints } from '@fluentui/react-charts'
import type { HomeBucket } from '../../../../shared/contract/ops/home'
import { useActiveTheme } from '../../../theme/activeTheme'
import { chartTimeLabel } from './chartTime'

export type ChartMetric = 'received' | 'delivered' | 'failed' | 'retrying'
const METRICS: readonly ChartMetric[] = ['received', 'delivered', 'failed', 'retrying']

/**
 * Each count's colour: the theme's brand and its success, danger and warning palettes, taken as
 * the active theme's values (the chart cannot read CSS variables, and its own data-viz palette
 * knows only the light theme).
 */
const COLOR = {
  received: 'colorBrandBackground',
  delivered: 'colorPaletteGreenBorderActive',
  failed: 'colorPaletteRedBorderActive',
  retrying: 'colorPaletteDarkOrangeBorderActive',
} as const satisfies Record<ChartMetric, keyof Theme>

// Room right of the plot for half the last time label, which is centred on the plot's edge (the default cut it).
const MARGINS = { right: 48 }

/**
 * The exchange's four counts per bucket, one line each. Loaded on its own (React.lazy in
 * OpsOverview): the charting package stays out of the login route's and the shell's bundles.
 * A point opens the message log for its bucket.
 */
export default function HomeChart({ buckets, bucketMs, onOpen }: { buckets: readonly HomeBucket[]; bucketMs: number; onOpen: (metric: ChartMetric, from: number, to: number) => void }) {
  const { t, i18n } = useTranslation()
  const theme = useActiveTheme()
  const lines: LineChartPoints[] = METRICS.map((metric) => ({
    legend: t(`home:metric_${metric}`),
    color: theme[COLOR[metric]],
    data: buckets.map((b) => {
      const from = Date.parse(b.at)
      return { x: new Date(from), y: b[metric], onDataPointClick: () => onOpen(metric, from, from + bucketMs) }
    }),
  }))
  const span = buckets.length ? Date.parse(buckets[buckets.length - 1]!.at) - Date.parse(buckets[0]!.at) : 0
  return (
    <div data-testid="home-chart">
      <LineChart
        data={{ chartTitle: t('home:chart_title'), lineChartData: lines }}
        height={260}
        margins={MARGINS}
        culture={i18n.language}
        customDateTimeFormatter={(at) => chartTimeLabel(at, span)}
        yAxisTitle={t('home:chart_axis')}
      />
    </div>
  )
}
