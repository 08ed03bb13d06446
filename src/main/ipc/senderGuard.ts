import { isSameOrigin } from '../security/origin'

/** What the guard needs from Electron's `event.senderFrame` (a WebFrameMain). */
export interface SenderFrame {
  url: string
  isMainFrame: boolean
}

/**
 * Every IPC handler runs only for the console's own page: its origin (app://console, or the
 * dev server in development) and its top frame. An iframe, a navigated-away page or a
 * destroyed frame (null) gets nothing.
 */
export function isTrustedSender(frame: SenderFrame | null | undefined, appOrigin: string): boolean {
  if (!frame || !frame.isMainFrame) return false
  return isSameOrigin(frame.url, appOrigin)
}
