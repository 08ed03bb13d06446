import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { Card, makeStyles, MessageBar, MessageBarBody, Spinner, Title2, tokens } from '@fluentui/react-components'
import { AppLink } from '../../components/AppLink'
import { LanguageSwitch } from '../../components/LanguageSwitch'
import { sessionStore } from '../../state/session'
import { useStore } from '../../state/store'
import { LicenceDetails } from './LicenceDetails'
import { LicenceUpload } from './LicenceUpload'
import { useLicence } from './useLicence'

const useStyles = makeStyles({
  page: { minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', backgroundColor: tokens.colorNeutralBackground2 },
  bar: { alignSelf: 'stretch', display: 'flex', justifyContent: 'flex-end', padding: tokens.spacingHorizontalM },
  card: { width: '560px', maxWidth: '95%', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL },
})

/**
 * The licence page (spec §2; query `id` optional): the current licence — or the stored one with
 * that id — and, for a signed-in user, the upload. Reached from the licence error ('证书错误!' /
 * 4060) by anyone, signed in or not; uploading needs a session, so others are sent to sign in.
 */
export default function LicensePage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const [params] = useSearchParams()
  const signedIn = useStore(sessionStore, (s) => s.status === 'signedIn')
  const { state, busy, notice, choose, drop } = useLicence(params.get('id'), signedIn)

  return (
    <main className={styles.page}>
      <div className={styles.bar}>
        <LanguageSwitch />
      </div>
      <Card className={styles.card}>
        <Title2 as="h1">{t('license:title')}</Title2>
        {state === null && <Spinner label={t('common:loading')} />}
        {state === 'failed' && <p>{t('license:load_failed')}</p>}
        {state && state !== 'failed' && <LicenceDetails state={state} />}
        {notice && (
          <MessageBar intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'}>
            <MessageBarBody>{notice.text}</MessageBarBody>
          </MessageBar>
        )}
        {signedIn ? <LicenceUpload busy={busy} onChoose={() => void choose()} onDrop={drop} /> : <p>{t('license:sign_in_to_upload')}</p>}
        <AppLink to={signedIn ? '/' : '/login'}>{signedIn ? t('shell:back_home') : t('common:back_to_login')}</AppLink>
      </Card>
    </main>
  )
}
