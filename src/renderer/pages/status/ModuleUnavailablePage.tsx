import { useTranslation } from 'react-i18next'
import { StatusPage } from './StatusPage'

/** A menu item whose page is not built yet: the route exists, the screen says so by name. */
export default function ModuleUnavailablePage({ name }: { name: string }) {
  const { t } = useTranslation()
  return <StatusPage title={name} body={t('shell:module_unavailable', { name })} />
}
