import { useTranslation } from 'react-i18next'
import { Suspense, useState } from 'react'
import { Button, Caption1, makeStyles, Subtitle2, Title2, tokens } from '@fluentui/react-components'
import { ServerRegular } from '@fluentui/react-icons'
import { LanguageSwitch } from '../../components/LanguageSwitch'
import { lazyChunk } from '../../routing/lazyChunk'
import { appInfoStore } from '../../state/appInfo'
import { profileLabel } from '../../state/profileLabel'
import { useStore } from '../../state/store'
import { LoginForm } from './LoginForm'
import { LoginNotices } from './LoginNotices'
import { ForcedPasswordChange } from './lazyParts'

// Not drawn with the form: the hub profiles' dialog opens on a click, and the single sign-on
// buttons show only once the hub has listed its providers (a call that comes later anyway).
const HubProfilesDialog = lazyChunk(() => import('../../components/profiles/HubProfilesDialog').then((m) => ({ default: m.HubProfilesDialog })))
const SsoSignIn = lazyChunk(() => import('./SsoSignIn').then((m) => ({ default: m.SsoSignIn })))

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  bar: { display: 'flex', justifyContent: 'flex-end', padding: tokens.spacingHorizontalM },
  center: { flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: tokens.spacingHorizontalL },
  // A plain surface rather than Card: the login route carries as little code as it can.
  card: {
    width: '380px',
    maxWidth: '100%',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
  },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  brand: { color: tokens.colorBrandForeground1 },
  hub: { color: tokens.colorNeutralForeground3 },
  profiles: { alignSelf: 'center' },
})

/** The sign-in view: kept light (it is the first thing loaded), everything else loads lazily. */
export default function LoginPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const profile = useStore(appInfoStore, (s) => s.info?.profile)
  const bridge = useStore(appInfoStore, (s) => s.bridge)
  const [profilesOpen, setProfilesOpen] = useState(false)
  // Mounted from the first opening on, so that closing it plays the dialog's own exit.
  const [profilesOpened, setProfilesOpened] = useState(false)
  // A single sign-on of a user whose password someone else chose: the change comes first, as after a password sign-in.
  const [ssoMustChange, setSsoMustChange] = useState(false)
  return (
    <main className={styles.page}>
      <div className={styles.bar}>
        <LanguageSwitch />
      </div>
      <div className={styles.center}>
        <section className={styles.card}>
          <header className={styles.head}>
            <Title2 as="h1" className={styles.brand}>
              {t('common:product_name')}
            </Title2>
            <Subtitle2 as="h2">{t('login:title')}</Subtitle2>
            {profile && <Caption1 className={styles.hub}>{t('login:hub_profile', { name: profileLabel(profile, t) })}</Caption1>}
          </header>
          <LoginNotices />
          {ssoMustChange ? (
            <ForcedPasswordChange onDone={() => setSsoMustChange(false)} />
          ) : (
            <>
              <LoginForm />
              <Suspense fallback={null}>
                <SsoSignIn onMustChangePassword={() => setSsoMustChange(true)} />
              </Suspense>
            </>
          )}
          {/* The hub is chosen before signing in; without the desktop bridge there is nothing to choose. */}
          {bridge !== 'missing' && (
            <Button className={styles.profiles} appearance="transparent" size="small" icon={<ServerRegular />} onClick={() => {
                setProfilesOpened(true)
                setProfilesOpen(true)
              }}
            >
              {t('profiles:open')}
            </Button>
          )}
        </section>
        {profilesOpened && (
          <Suspense fallback={null}>
            <HubProfilesDialog open={profilesOpen} onClose={() => setProfilesOpen(false)} />
          </Suspense>
        )}
      </div>
    </main>
  )
}
