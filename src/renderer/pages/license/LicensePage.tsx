import { useTranslation } from 'react-i18next'
import { Card, makeStyles, Title2, tokens } from '@fluentui/react-components'
import { AppLink } from '../../components/AppLink'
import { LanguageSwitch } from '../../components/LanguageSwitch'
import { sessionStore } from '../../state/session'
import { useStore } from '../../state/store'
import { LicenceView } from './LicenceView'

const useStyles = makeStyles({
  page: { minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', backgroundColor: tokens.colorNeutralBackground2 },
  bar: { alignSelf: 'stretch', display: 'flex', justifyContent: 'flex-end', padding: tokens.spacingHorizontalM },
  card: { width: '760px', maxWidth: '95%', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL },
})

/**
 * The licence page (spec §2; query `id` optional) on its own, outside the console's shell:
 * reached from the licence error ('证书错误!' / 4060) by anyone, signed in or not; uploading
 * needs a session, so others are sent to sign in. Inside the console the menu's 证书管理 shows
 * the same content (LicenceListPage).
 */
export default function LicensePage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const signedIn = useStore(sessionStore, (s) => s.status === 'signedIn')
  return (
    <main className={styles.page}>
      <div className={styles.bar}>
        <LanguageSwitch />
      </div>
      <Card className={styles.card}>
        <Title2 as="h1">{t('license:title')}</Title2>
        <LicenceView />
        <AppLink to={signedIn ? '/' : '/login'}>{signedIn ? t('shell:back_home') : t('common:back_to_login')}</AppLink>
      </Card>
    </main>
  )
}
