import { useTranslation } from 'react-i18next'
import type { PageProps } from '../pageTypes'
import { MessageCentre } from './MessageCentre'

/**
 * 消息通知 (menu 'message.notification', component NotificationList): the same list, opened on
 * what needs the operator — the notices that failed, whenever created; the bell and this menu
 * entry's badge count them.
 */
export default function NotificationListPage(_: PageProps) {
  const { t } = useTranslation()
  return <MessageCentre preset={{ state: 'failed', timed: false }} intro={t('alarms:notification_intro')} />
}
