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

/** What an IPC handler needs from Electron's IpcMainInvokeEvent. */
export interface InvokeEventLike {
  senderFrame: { url: string; parent: unknown } | null
}

/**
 * Wraps one channel's handler so it runs only for a trusted sender (checklist 17). The refusal
 * is thrown (the renderer sees a rejected invoke) and the handler never sees the payload.
 */
export function guardedHandler(
  channel: string,
  handler: (payload: unknown) => Promise<unknown>,
  appOrigin: string,
): (event: InvokeEventLike, payload: unknown) => Promise<unknown> {
  return async (event, payload) => {
    const frame = event.senderFrame
    if (!isTrustedSender(frame && { url: frame.url, isMainFrame: frame.parent === null }, appOrigin)) {
      throw new Error(`IPC ${channel} refused: untrusted sender`)
    }
    return handler(payload)
  }
}
