import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components'
import { identityProviderHealth } from '../../../../shared/contract/platform/identityProviders'
import { useHubQuery } from '../../../api/query'
import { normalizePath } from '../../../routing/menuRoutes'
import { sessionStore } from '../../../state/session'
import { useStore } from '../../../state/store'
import { pathOf } from '../../../shell/unread/menuBadges'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  address: { wordBreak: 'break-all' },
})

/** The system parameters' page when the menu has no entry for it (the seeded path). */
const PARAMETERS = '/platform/parameter'

/**
 * Above the identity providers (issue 33 item 11): whether single sign-on can work at all — the
 * parameter `sso` switched off hides every CAS and OIDC provider from the sign-in page, and says
 * so with the way to the parameters — and each enabled provider that does not answer, with the
 * address called and the cause. Nothing when all is well.
 */
export function SsoHealthBanner() {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const menus = useStore(sessionStore, (s) => s.menus)
  const health = useHubQuery(identityProviderHealth, {}, { quiet: true })
  if (!health.data) return null
  const { ssoOn, providers } = health.data
  const failing = providers.filter((p) => !p.ok)
  const signInKinds = providers.some((p) => p.kind !== 'app')
  return (
    <div className={styles.root}>
      {!ssoOn && signInKinds && (
        <MessageBar intent="warning" layout="multiline" aria-label={t('sso:health_off_title')}>
          <MessageBarBody>
            <MessageBarTitle>{t('sso:health_off_title')}</MessageBarTitle>
            {t('sso:health_off_body')}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => navigate(normalizePath(pathOf(menus, 'platform:parameter') ?? PARAMETERS))}>{t('sso:health_open_parameters')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {failing.length > 0 && (
        <MessageBar intent="error" layout="multiline" aria-label={t('sso:health_failing_title', { count: failing.length })}>
          <MessageBarBody>
            <MessageBarTitle>{t('sso:health_failing_title', { count: failing.length })}</MessageBarTitle>
            <ul className={styles.list}>
              {failing.map((p) => (
                <li key={p.id}>
                  {p.name}: <span className={styles.address}>{p.detail}</span>
                </li>
              ))}
            </ul>
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={health.reload}>{t('sso:health_check_again')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
    </div>
  )
}
