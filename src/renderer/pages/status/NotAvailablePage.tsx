import { useTranslation } from 'react-i18next'
import { AppLink } from '../../components/AppLink'
import { StatusPage } from './StatusPage'

/** The approval routes (/approve, /approveDetail, …) are public in the spec but not part of this version. */
export default function NotAvailablePage() {
  const { t } = useTranslation()
  return (
    <StatusPage
      fullScreen
      title={t('common:not_available_title')}
      body={t('common:not_available_body')}
      action={<AppLink to="/login">{t('common:back_to_login')}</AppLink>}
    />
  )
}
