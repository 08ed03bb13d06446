import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { MessageBar, MessageBarBody, Spinner, Subtitle2 } from '@fluentui/react-components'
import { sessionStore } from '../../state/session'
import { useStore } from '../../state/store'
import { InstalledLicences } from './InstalledLicences'
import { LicenceDetails } from './LicenceDetails'
import { LicenceUpload } from './LicenceUpload'
import { useLicence } from './useLicence'

/**
 * The licence page's content, one piece for both ways in: the public /license page the licence
 * error opens, and the menu's 证书管理 inside the console. The shown licence is the current one
 * or, with `?id=` (the list's detail), a stored one; a signed-in user also sees every installed
 * licence and can upload one.
 */
export function LicenceView() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const signedIn = useStore(sessionStore, (s) => s.status === 'signedIn')
  const { state, current, busy, notice, choose, drop } = useLicence(params.get('id'), signedIn)
  return (
    <>
      {state === null && <Spinner label={t('common:loading')} />}
      {state === 'failed' && <p>{t('license:load_failed')}</p>}
      {state && state !== 'failed' && <LicenceDetails state={state} />}
      {notice && (
        <MessageBar intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      )}
      {signedIn ? <LicenceUpload busy={busy} onChoose={() => void choose()} onDrop={drop} /> : <p>{t('license:sign_in_to_upload')}</p>}
      {signedIn && current && (
        <section aria-label={t('license:installed')}>
          <Subtitle2 as="h2">{t('license:installed')}</Subtitle2>
          <InstalledLicences current={current} onDetail={(id) => setParams({ id })} />
        </section>
      )}
    </>
  )
}
