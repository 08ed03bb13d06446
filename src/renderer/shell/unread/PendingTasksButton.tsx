import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { TaskListSquareLtrRegular } from '@fluentui/react-icons'
import { WORKBENCH_PERMISSION } from '../../../shared/contract/approvals/permissions'
import { normalizePath } from '../../routing/menuRoutes'
import { sessionStore } from '../../state/session'
import { useStore } from '../../state/store'
import { pathOf } from './menuBadges'
import { CountButton } from './CountButton'
import { unreadStore } from './unreadStore'

/** The workbench when the menu has no entry for it (the seeded path). */
const WORKBENCH = '/workflow/workbench'

/**
 * Beside the bell: the approval tasks waiting for the signed-in user (the polled pendingCount, see
 * pollingMenus.ts), so an approver learns of a task without opening the workbench (issue 33
 * item 9). It opens the workbench on its waiting list. Kept apart from the bell: a task is work to
 * do, not an alarm. Not shown to a user who may not use the workbench (the count is never polled).
 */
export function PendingTasksButton() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const count = useStore(unreadStore, (s) => s.counts.pendingApprovals)
  const menus = useStore(sessionStore, (s) => s.menus)
  if (count === undefined) return null
  const label = t('workflow:pending_button_label', { count })
  // The state asks the workbench for its waiting list even when it is open on another box.
  const open = () => navigate(normalizePath(pathOf(menus, WORKBENCH_PERMISSION) ?? WORKBENCH), { state: { box: 'pending' } })
  return <CountButton icon={<TaskListSquareLtrRegular />} label={label} count={count} color="important" onClick={open} />
}
