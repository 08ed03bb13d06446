import { useTranslation } from 'react-i18next'
import { Badge, Caption1, Card, CardHeader, makeStyles, Subtitle2, tokens } from '@fluentui/react-components'
import type { HomeCard } from '../../../../shared/contract/ops/home'
import { AppLink } from '../../../components/AppLink'
import { messageLogHref } from './homeLinks'

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: tokens.spacingHorizontalM },
  card: { minWidth: 0 },
  apps: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  counts: { display: 'flex', gap: tokens.spacingHorizontalL },
  exceptions: { color: tokens.colorPaletteRedForeground1 },
})

/**
 * A card per topic flow with the spec's card data (name, appName, applicationName, status,
 * exceptionNo). Its numbers open the topic's message log over the same 24 hours.
 */
export function FlowCards({ cards, dayFrom, now }: { cards: readonly HomeCard[]; dayFrom: number; now: number }) {
  const { t } = useTranslation()
  const styles = useStyles()
  if (cards.length === 0) return <Caption1>{t('home:cards_none')}</Caption1>
  return (
    <div className={styles.grid}>
      {cards.map((c) => (
        <Card key={c.topicCode} className={styles.card} size="small" role="group" aria-label={c.name}>
          <CardHeader
            header={<Subtitle2 as="h3">{c.name}</Subtitle2>}
            action={<Badge appearance="tint" color={c.status === '1' ? 'success' : 'subtle'}>{t(c.status === '1' ? 'home:status_on' : 'home:status_off')}</Badge>}
          />
          {/* The applications' names: data, not the console's text (translate="no"). */}
          <Caption1 className={styles.apps} title={`${c.appName} → ${c.applicationName}`} translate="no">
            {t('home:card_apps', { appName: c.appName || t('common:none'), applicationName: c.applicationName || t('common:none') })}
          </Caption1>
          <div className={styles.counts}>
            <AppLink to={messageLogHref({ topicCode: c.topicCode, from: dayFrom, to: now })} label={t('home:card_received_label', { name: c.name, count: c.received })}>
              {t('home:card_received', { count: c.received })}
            </AppLink>
            <AppLink to={messageLogHref({ topicCode: c.topicCode, status: 'dead', from: dayFrom, to: now })} label={t('home:card_exceptions_label', { name: c.name, count: c.exceptionNo })}>
              <span className={c.exceptionNo > 0 ? styles.exceptions : undefined}>{t('home:card_exceptions', { count: c.exceptionNo })}</span>
            </AppLink>
          </div>
        </Card>
      ))}
    </div>
  )
}
