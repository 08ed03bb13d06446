import { useTranslation } from 'react-i18next'
import { DataVizPalette, LineChart, type LineChartPoints } from '@fluentui/react-charts'
import type { HomeBucket } from '../../../../shared/contract/ops/home'

export type ChartMetric = 'received' | 'delivered' | 'failed' | 'retrying'
const METRICS: readonly ChartMetric[] = ['received', 'delivered', 'failed', 'retrying']

/** Fluent's data-visualisation palette (tokens that follow the light and dark skins), no raw colours. */
const COLOR: Record<ChartMetric, string> = {
  received: DataVizPalette.color1,
  delivered: DataVizPalette.success,
  failed: DataVizPalette.error,
  retrying: DataVizPalette.warning,
}

/**
 * The exchange's four counts per bucket, one line each. Loaded on its own (React.lazy in
 * OpsOverview): the charting package stays out of the login route's and the shell's bundles.
 * A point opens the message log for its bucket.
 */
export default function HomeChart({ buckets, bucketMs, onOpen }: { buckets: readonly HomeBucket[]; bucketMs: number; onOpen: (metric: ChartMetric, from: number, to: number) => void }) {
  const { t, i18n } = useTranslation()
  const lines: LineChartPoints[] = METRICS.map((metric) => ({
    legend: t(`home:metric_${metric}`),
    color: COLOR[metric],
    data: buckets.map((b) => {
      const from = Date.parse(b.at)
      return { x: new Date(from), y: b[metric], onDataPointClick: () => onOpen(metric, from, from + bucketMs) }
    }),
  }))
  return (
    <div data-testid="home-chart">
      <LineChart data={{ chartTitle: t('home:chart_title'), lineChartData: lines }} height={260} culture={i18n.language} yAxisTitle={t('home:chart_axis')} />
    </div>
  )
}
