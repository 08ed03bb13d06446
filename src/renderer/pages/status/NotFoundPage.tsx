import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { Spinner } from '@fluentui/react-components'
import { pageAccess, type PageAccess } from '../../../shared/contract/platform/pageAccess'
import { useHubQuery } from '../../api/query'
import { AppLink } from '../../components/AppLink'
import { menuName } from '../../routing/menuRoutes'
import { StatusPage } from './StatusPage'

/**
 * The shell's catch-all. The spec's "catch-all goes to the login view" is about visitors who are
 * not signed in (the guard sends them to /login); a signed-in user who follows a stale link
 * stays in the console with its navigation. Their menu leaves out the pages they may not open,
 * so the hub is asked which page the path is (issue 24): one that needs a permission they lack
 * is named with that permission, so they know what to ask an administrator for; anything else
 * does not exist.
 */
export default function NotFoundPage() {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  // What the hub says of the path: a page the user may not open, or none (also when it cannot say).
  const asked = useHubQuery(pageAccess, { path: pathname }, { quiet: true, keepPrevious: false })

  const home = <AppLink to="/">{t('shell:back_home')}</AppLink>
  // No "does not exist" flash while the hub is asked.
  if (asked.loading) return <Spinner size="small" />
  const access: PageAccess | null | undefined = asked.data
  if (access) {
    const { page, permission } = access
    return (
      <StatusPage
        title={t('shell:no_permission_title')}
        body={t('shell:no_permission_body', { page: menuName(page, i18n.language), permission: menuName(permission, i18n.language), code: permission.code })}
        action={home}
      />
    )
  }
  return <StatusPage title={t('shell:not_found_title')} body={t('shell:not_found_body', { path: pathname })} action={home} />
}
