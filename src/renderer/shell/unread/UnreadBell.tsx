import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { AlertRegular } from '@fluentui/react-icons'
import { INCIDENT_PERMISSION } from '../../../shared/contract/alarms/permissions'
import { normalizePath } from '../../routing/menuRoutes'
import { sessionStore } from '../../state/session'
import { useStore } from '../../state/store'
import { pathOf } from './menuBadges'
import { CountButton } from './CountButton'
import { unreadStore } from './unreadStore'

/** The alert centre's records when the menu has no entry for them (the seeded path). */
const ALERT_RECORDS = '/alert/record'

/**
 * The header's bell: open incidents plus failed notifications (the polled counts, see
 * pollingMenus.ts), each named in its label and tooltip. It opens the alert centre. Not shown to a
 * user who may read neither count.
 */
export function UnreadBell() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const counts = useStore(unreadStore, (s) => s.counts)
  const menus = useStore(sessionStore, (s) => s.menus)
  if (counts.openIncidents === undefined && counts.failedNotifications === undefined) return null
  const incidents = counts.openIncidents ?? 0
  const failed = counts.failedNotifications ?? 0
  const label = t('alarms:bell_label', { count: incidents + failed, incidents, failed })
  return <CountButton icon={<AlertRegular />} label={label} count={incidents + failed} color="danger" onClick={() => navigate(normalizePath(pathOf(menus, INCIDENT_PERMISSION) ?? ALERT_RECORDS))} />
}
