import { Notification } from 'electron'
import type { OsNotification } from '../services/notifications'

/**
 * Shows a native OS notification through Electron; `onClick` when the user clicks it. Nothing
 * on a system without notifications (services/notifications.ts and incidentNotifications.ts
 * decide what to say and when).
 */
export function showOsNotification({ title, body }: OsNotification, onClick: () => void): void {
  if (!Notification.isSupported()) return
  const n = new Notification({ title, body })
  n.on('click', onClick)
  n.show()
}
