import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { Spinner } from '@fluentui/react-components'
import { pageAccess, type PageAccess } from '../../../shared/contract/platform/pageAccess'
import { callHub } from '../../api/hub'
import { AppLink } from '../../components/AppLink'
import { menuName } from '../../routing/menuRoutes'
import { StatusPage } from './StatusPage'

/** What the hub says of the path: a page the user may not open, or none ('none' also when it cannot say). */
type Finding = { kind: 'asking' } | { kind: 'none' } | { kind: 'withheld'; access: PageAccess }

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
  const [finding, setFinding] = useState<Finding>({ kind: 'asking' })
  useEffect(() => {
    let live = true
    setFinding({ kind: 'asking' })
    void callHub(pageAccess, { path: pathname }, { quiet: true }).then((r) => {
      if (live) setFinding(r.ok && r.data ? { kind: 'withheld', access: r.data } : { kind: 'none' })
    })
    return () => {
      live = false
    }
  }, [pathname])

  const home = <AppLink to="/">{t('shell:back_home')}</AppLink>
  // No "does not exist" flash while the hub is asked.
  if (finding.kind === 'asking') return <Spinner size="small" />
  if (finding.kind === 'withheld') {
    const { page, permission } = finding.access
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
