import { Suspense, useState } from 'react'
import { lazyChunk } from '../../../routing/lazyChunk'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { Caption1, Card, CardHeader, makeStyles, MessageBar, MessageBarBody, Spinner, Subtitle2, Tab, TabList, Title2, tokens } from '@fluentui/react-components'
import { HOME_PERMISSION, HOME_RANGES, type HomeData, type HomeRange } from '../../../../shared/contract/ops/home'
import { ResultCode } from '../../../../shared/envelope'
import { AppLink } from '../../../components/AppLink'
import { formatInstant } from '../../../components/localTime'
import { sessionStore } from '../../../state/session'
import { useStore } from '../../../state/store'
import type { ChartMetric } from './HomeChart'
import { ExchangeLists } from './ExchangeLists'
import { FlowCards } from './FlowCards'
import { messageLogHref, STATUS_OF_METRIC } from './homeLinks'
import { useHomeData } from './useHomeData'
import { groupThousands } from '../../../../../locales/placeholders'

/** The charting package is loaded only when the home page draws a chart (the login route's bundle budget). */
const HomeChart = lazyChunk(() => import('./HomeChart'))

const METRICS: readonly ChartMetric[] = ['received', 'delivered', 'failed', 'retrying']
const DAY_MS = 24 * 60 * 60 * 1000

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  totals: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  total: { flex: '1 1 160px', minWidth: '160px' },
  number: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  failed: { color: tokens.colorPaletteRedForeground1 },
  retrying: { color: tokens.colorPaletteMarigoldForeground1 },
  chart: { minHeight: '300px' },
  muted: { color: tokens.colorNeutralForeground3 },
})

/**
 * The exchange at a glance (issue 16): the last 24 hours' counts, a chart of them over the last
 * hour, day or week, a card per topic flow, the consumers failing most and waiting longest,
 * today's runs and the open alarms. Asked again every 10 s; every number opens the message log
 * (or the run's messages, or the incident) filtered to what it counts. `charts` false leaves the
 * chart out (the render bench's baseline). Shown only to roles with the home data's permission;
 * a refusal or failure before the first answer is said in place of the figures.
 */
export function OpsOverview({ charts = true }: { charts?: boolean }) {
  const { t } = useTranslation()
  // A role without the home data's permission is not shown the overview, nor asks for it.
  const allowed = useStore(sessionStore, (s) => s.permissions.includes(HOME_PERMISSION))
  const { data, error } = useHomeData(allowed)
  if (!allowed) return null
  if (!data && error) {
    // Refused (the roles changed since sign-in) or failed before any answer: say why, not a spinner forever.
    return (
      <MessageBar intent={error.code === ResultCode.forbidden ? 'info' : 'warning'} role="status" aria-label={t('home:ops_title')}>
        <MessageBarBody>{error.message}</MessageBarBody>
      </MessageBar>
    )
  }
  if (!data) return <Spinner size="small" label={t('home:ops_loading')} />
  return <Overview data={data} charts={charts} />
}

/** The overview of one answer (the render bench draws it from a fixed answer). */
export function Overview({ data, charts }: { data: HomeData; charts: boolean }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const styles = useStyles()
  const navigate = useNavigate()
  const [range, setRange] = useState<HomeRange>('hour')
  const now = Date.parse(data.at)
  const dayFrom = now - DAY_MS
  const bucketMs = HOME_RANGES[range].bucket * 60_000
  return (
    <section className={styles.root} aria-label={t('home:ops_title')}>
      <Title2 as="h2">{t('home:ops_title')}</Title2>
      <Caption1 className={styles.muted}>{t('home:ops_updated', { time: formatInstant(data.at, language) })}</Caption1>
      <div className={styles.totals}>
        {METRICS.map((m) => (
          <Card key={m} className={styles.total} role="group" aria-label={t(`home:metric_${m}`)}>
            <Caption1>{t('home:total_24h', { metric: t(`home:metric_${m}`) })}</Caption1>
            <AppLink to={messageLogHref({ status: STATUS_OF_METRIC[m], from: dayFrom, to: now })} label={t('home:total_open', { metric: t(`home:metric_${m}`), count: data.totals[m] })}>
              <span data-testid={`home-total-${m}`} className={`${styles.number} ${m === 'failed' && data.totals[m] > 0 ? styles.failed : ''} ${m === 'retrying' && data.totals[m] > 0 ? styles.retrying : ''}`}>
                {groupThousands(data.totals[m])}
              </span>
            </AppLink>
          </Card>
        ))}
      </div>
      {charts && (
        <Card className={styles.chart} role="region" aria-label={t('home:chart_title')}>
          <CardHeader header={<Subtitle2 as="h2">{t('home:chart_title')}</Subtitle2>} />
          <TabList selectedValue={range} onTabSelect={(_, d) => setRange(d.value as HomeRange)} size="small">
            {(Object.keys(HOME_RANGES) as HomeRange[]).map((r) => (
              <Tab key={r} value={r}>
                {t(`home:range_${r}`)}
              </Tab>
            ))}
          </TabList>
          <Suspense fallback={<Spinner size="small" aria-label={t('common:loading')} />}>
            <HomeChart
              buckets={data.series[range]}
              bucketMs={bucketMs}
              onOpen={(metric, from, to) => navigate(messageLogHref({ status: STATUS_OF_METRIC[metric], from, to }))}
            />
          </Suspense>
        </Card>
      )}
      <Subtitle2 as="h2">{t('home:cards_title')}</Subtitle2>
      <FlowCards cards={data.cards} dayFrom={dayFrom} now={now} />
      <ExchangeLists data={data} dayFrom={dayFrom} now={now} />
    </section>
  )
}
