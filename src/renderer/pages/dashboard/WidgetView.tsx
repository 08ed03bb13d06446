import { Suspense } from 'react'
import { lazyChunk } from '../../routing/lazyChunk'
import { useTranslation } from 'react-i18next'
import { makeStyles, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import type { WidgetData } from '../../../shared/contract/dashboards/widgets'
import type { ChartType, WidgetDataType } from '../../../shared/rules/dashboards/widget'
import { headline } from './chartData'
import { RichText } from './richText'

// The charting package is loaded with the first chart shown, never before (login route budget).
const WidgetChart = lazyChunk(() => import('./WidgetChart'))

const useStyles = makeStyles({
  fill: { width: '100%', height: '100%', minHeight: 0, overflow: 'auto' },
  number: { fontSize: tokens.fontSizeHero900, fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1, lineHeight: tokens.lineHeightHero900 },
  center: { display: 'flex', alignItems: 'center', justifyContent: 'center', width: '100%', height: '100%' },
  muted: { color: tokens.colorNeutralForeground3 },
  rich: { width: '100%', height: '100%', overflow: 'auto', color: tokens.colorNeutralForeground1 },
})

/** One widget's data as its chart type says: table, figure, chart, or (html) the sanitised rich text. */
export function WidgetView({ data, chartType, dataType, title }: { data: WidgetData; chartType: ChartType; dataType: WidgetDataType; title: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  if (dataType === 'html') {
    return (
      <div className={styles.rich} data-testid="rich-text">
        <RichText html={data.html ?? ''} />
      </div>
    )
  }
  if (data.rows.length === 0) return <div className={styles.center}><Text className={styles.muted}>{t('dashboards:no_data')}</Text></div>
  if (chartType === 'number') {
    return (
      <div className={styles.center}>
        <Text className={styles.number} aria-label={title}>{headline(data)}</Text>
      </div>
    )
  }
  if (chartType === 'table') {
    return (
      <div className={styles.fill}>
        <Table size="extra-small" aria-label={title}>
          <TableHeader>
            <TableRow>
              {data.columns.map((c, i) => (
                <TableHeaderCell key={i}>{c.name}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.rows.map((r, i) => (
              <TableRow key={i}>
                {r.map((v, j) => (
                  <TableCell key={j}>{v === null ? '' : String(v)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data.truncated && <Text className={styles.muted}>{t('dashboards:truncated')}</Text>}
      </div>
    )
  }
  return (
    <Suspense fallback={<Spinner size="tiny" aria-label={t('widgets:loading')} />}>
      <WidgetChart data={data} chartType={chartType} title={title} />
    </Suspense>
  )
}
