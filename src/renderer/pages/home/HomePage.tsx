import { useTranslation } from 'react-i18next'
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components'
import { ArrowClockwiseRegular } from '@fluentui/react-icons'
import { appInfoStore } from '../../state/appInfo'
import { profileLabel } from '../../state/profileLabel'
import { sessionStore } from '../../state/session'
import { useStore } from '../../state/store'
import { formatUptime } from './formatUptime'
import { InfoCard } from './InfoCard'
import { OpsOverview } from './ops/OpsOverview'
import { useHubHealth } from './useHubHealth'
import { PageTitle } from '../../components/PageHeading'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  cards: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'stretch' },
})

/** Home: who is signed in, which hub the console uses, whether that hub is healthy, and the exchange at a glance (ops/). */
export default function HomePage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const user = useStore(sessionStore, (s) => s.user)
  const info = useStore(appInfoStore, (s) => s.info)
  const health = useHubHealth()

  const none = t('common:none')
  const profile = info?.profile
  const uptime = health.data ? formatUptime(health.data.uptimeSeconds, t) : none
  const store = health.data ? (health.data.store === 'postgres' ? t('home:store_postgres') : t('home:store_sqlite')) : none

  return (
    <div className={styles.root}>
      <PageTitle>{t('home:welcome', { name: user?.name ?? '' })}</PageTitle>
      <div className={styles.cards}>
        <InfoCard
          title={t('home:user_title')}
          rows={[
            { label: t('home:user_name'), value: user?.name ?? none },
            { label: t('home:user_username'), value: user?.username ?? none },
            { label: t('home:user_roles'), value: user?.roles.length ? user.roles.join(t('common:list_separator')) : none },
          ]}
        />
        <InfoCard
          title={t('home:profile_title')}
          rows={[
            { label: t('home:profile_name'), value: profile ? profileLabel(profile, t) : none },
            { label: t('home:profile_kind'), value: profile ? (profile.kind === 'embedded' ? t('home:kind_embedded') : t('home:kind_remote')) : none },
            { label: t('home:profile_address'), value: profile?.baseUrl ?? (profile?.kind === 'embedded' ? t('home:address_loopback') : none) },
            { label: t('home:console_version'), value: info?.version ?? none },
          ]}
        />
        <InfoCard
          title={t('home:health_title')}
          action={
            <Button appearance="subtle" icon={health.loading ? <Spinner size="tiny" aria-label={t('common:loading')} /> : <ArrowClockwiseRegular />} disabled={health.loading} onClick={() => void health.refresh()}>
              {t('common:refresh')}
            </Button>
          }
          rows={[
            { label: t('home:health_version'), value: health.data?.version ?? none },
            { label: t('home:health_store'), value: store },
            { label: t('home:health_uptime'), value: uptime },
          ]}
        >
          {health.error && (
            <MessageBar intent="warning">
              <MessageBarBody>{health.error}</MessageBarBody>
            </MessageBar>
          )}
        </InfoCard>
      </div>
      <OpsOverview />
    </div>
  )
}
