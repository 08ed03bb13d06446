import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Caption1, Card, CardHeader, makeStyles, Subtitle2, tokens } from '@fluentui/react-components'
import type { HomeData } from '../../../../shared/contract/ops/home'
import type { RunState } from '../../../../shared/contract/datahub/schedule'
import { AppLink } from '../../../components/AppLink'
import { formatInstant } from '../../../components/localTime'
import { incidentPath } from '../../../routing/RouterEffects'
import { RUN_STATE_COLOR, runStateKey } from '../../datahub/producer/runs/runLabels'
import { messageLogHref, runLogHref } from './homeLinks'

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'stretch' },
  card: { minWidth: '280px', flex: '1 1 300px' },
  list: { margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  item: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'baseline', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  states: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
})

/** The consumers failing most and those waiting longest, today's runs and the open alarms; each entry opens what it counts. */
export function ExchangeLists({ data, dayFrom, now }: { data: HomeData; dayFrom: number; now: number }) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const none = <Caption1 className={styles.muted}>{t('common:none')}</Caption1>
  const time = (iso: string) => formatInstant(iso, i18n.language)
  const section = (title: string, body: ReactNode) => (
    <Card className={styles.card} role="region" aria-label={title}>
      <CardHeader header={<Subtitle2 as="h2">{title}</Subtitle2>} />
      {body}
    </Card>
  )
  return (
    <div className={styles.row}>
      {section(
        t('home:most_failing'),
        data.mostFailing.length === 0 ? none : (
          <ul className={styles.list}>
            {data.mostFailing.map((c) => (
              <li key={c.consumerId} className={styles.item}>
                <span>{c.applicationName || c.consumerId}</span>
                <Caption1 className={styles.muted}>{c.topicCode}</Caption1>
                <AppLink to={messageLogHref({ topicCode: c.topicCode, consumerId: c.consumerId, status: 'dead', from: dayFrom, to: now })}>{t('home:failed_count', { count: c.failed })}</AppLink>
              </li>
            ))}
          </ul>
        ),
      )}
      {section(
        t('home:oldest_backlog'),
        data.oldestBacklog.length === 0 ? none : (
          <ul className={styles.list}>
            {data.oldestBacklog.map((c) => (
              <li key={c.consumerId} className={styles.item}>
                <span>{c.applicationName || c.consumerId}</span>
                <Caption1 className={styles.muted}>{c.oldestAt ? t('home:waiting_since', { time: time(c.oldestAt) }) : ''}</Caption1>
                {/* Waiting deliveries are pending ones; the log's period starts at the oldest. */}
                <AppLink to={messageLogHref({ topicCode: c.topicCode, consumerId: c.consumerId, status: 'pending', ...(c.oldestAt ? { from: Date.parse(c.oldestAt) } : {}), to: now + 1 })}>
                  {t('home:waiting_count', { count: c.waiting })}
                </AppLink>
              </li>
            ))}
          </ul>
        ),
      )}
      {section(
        t('home:runs_today'),
        <>
          <div className={styles.states}>
            {Object.entries(data.runs.byState).map(([state, n]) => (
              <Badge key={state} appearance="tint" color={RUN_STATE_COLOR[state as RunState] ?? 'subtle'}>
                {t(runStateKey(state as RunState))} {n}
              </Badge>
            ))}
          </div>
          {data.runs.list.length === 0 ? none : (
            <ul className={styles.list}>
              {data.runs.list.map((r) => (
                <li key={r.id} className={styles.item}>
                  <span>{r.producerName || r.topicCode}</span>
                  <Caption1 className={styles.muted}>{time(r.plannedAt)}</Caption1>
                  <AppLink to={runLogHref(r.id)} label={t('home:run_open', { state: t(runStateKey(r.state as RunState)), count: r.messagesAccepted })}>
                    {t(runStateKey(r.state as RunState))} · {t('home:run_accepted', { count: r.messagesAccepted })}
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
        </>,
      )}
      {section(
        t('home:alarms_open', { count: data.alarms.open }),
        data.alarms.list.length === 0 ? none : (
          <ul className={styles.list}>
            {data.alarms.list.map((a) => (
              <li key={a.id} className={styles.item}>
                <AppLink to={incidentPath(a.id)}>{t(`alarms:rule_${a.rule}`)}</AppLink>
                <span>{a.objectName}</span>
                <Caption1 className={styles.muted}>{t('home:alarm_seen', { count: a.count, time: time(a.lastSeenAt) })}</Caption1>
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  )
}
