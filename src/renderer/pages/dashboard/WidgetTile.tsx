import { useTranslation } from 'react-i18next'
import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import type { PlacedWidget } from '../../../shared/contract/dashboards/dashboards'
import { widgetData } from '../../../shared/contract/dashboards/widgets'
import { useHubQuery } from '../../api/query'
import { WidgetView } from './WidgetView'

const useStyles = makeStyles({
  center: { display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%', textAlign: 'center' },
  error: { color: tokens.colorPaletteRedForeground1 },
})

/**
 * A placed widget's data, asked through its dashboard (a viewer's right to see it), and drawn.
 * A widget that cannot answer (its source disabled, its query refused) says why in its tile
 * instead of a toast per widget.
 */
export function WidgetTile({ widget, dashboardId }: { widget: PlacedWidget; dashboardId: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { data, loading, error } = useHubQuery(widgetData, { id: widget.widgetId, dashboardId }, { quiet: true })
  if (error) return <div className={styles.center}><Text className={styles.error} role="alert">{error.message}</Text></div>
  if (!data) return <div className={styles.center}>{loading && <Spinner size="tiny" aria-label={t('widgets:loading')} />}</div>
  return <WidgetView data={data} chartType={widget.chartType} dataType={widget.dataType} title={widget.title} />
}
