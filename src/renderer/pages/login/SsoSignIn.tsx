import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { Body1, Button, Caption1, Divider, makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components'
import { appInfoStore } from '../../state/appInfo'
import { useStore } from '../../state/store'
import { useSsoSignIn } from './useSsoSignIn'

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  waiting: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS, textAlign: 'center' },
  hint: { color: tokens.colorNeutralForeground3 },
  unavailable: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
})

/**
 * "Sign in with …" for each identity provider the hub has enabled (issue 17), under the password
 * form. While the system browser is open the buttons give way to a waiting note with Cancel. A
 * sign-in the hub accepts continues as a password sign-in does (completeSignIn): home, or the
 * password change first.
 */
export function SsoSignIn({ onMustChangePassword }: { onMustChangePassword: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const bridge = useStore(appInfoStore, (s) => s.bridge)
  const profileId = useStore(appInfoStore, (s) => s.info?.profile.id)
  const sso = useSsoSignIn(profileId)
  // Without the desktop bridge there is no main process to open a browser and listen.
  if (bridge === 'missing' || sso.providers.length === 0) return null

  async function signInWith(provider: (typeof sso.providers)[number]) {
    const outcome = await sso.start(provider)
    if (outcome?.ok) navigate('/', { replace: true })
    else if (outcome?.mustChangePassword) onMustChangePassword()
  }

  return (
    <section className={styles.group} aria-label={t('login:sso_group')}>
      <Divider>{t('login:sso_divider')}</Divider>
      {sso.waitingFor ? (
        <div className={styles.waiting} role="status">
          <Spinner size="small" />
          <Body1>{t('login:sso_waiting', { name: sso.waitingFor.name })}</Body1>
          <Caption1 className={styles.hint}>{t('login:sso_waiting_hint')}</Caption1>
          <Button onClick={sso.cancel}>{t('login:sso_cancel')}</Button>
        </div>
      ) : (
        sso.providers.map((p) =>
          // Listed even when it does not answer (issue 33 item 11): greyed, saying why, instead of vanishing.
          p.available === false ? (
            <div key={p.id} className={styles.unavailable}>
              <Button disabled aria-describedby={`sso-unavailable-${p.id}`}>
                {t('login:sso_unavailable', { name: p.name })}
              </Button>
              <Caption1 id={`sso-unavailable-${p.id}`} className={styles.hint}>
                {t('login:sso_unavailable_hint')}
              </Caption1>
            </div>
          ) : (
            <Button key={p.id} onClick={() => void signInWith(p)}>
              {t('login:sso_button', { name: p.name })}
            </Button>
          ),
        )
      )}
      {sso.message && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{sso.message}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  )
}
