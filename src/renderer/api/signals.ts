/**
 * What the hub client asks the UI to do, without knowing React: show a toast, end the session,
 * open the licence page. The app subscribes once (components/HubSignals.tsx); tests subscribe too.
 */
export interface ToastDetail {
  code: string
  endpoint: string
  data?: unknown
}

export interface ToastSignal {
  intent: 'error' | 'warning' | 'success' | 'info'
  message: string
  /** Only when the `error.log` parameter is '1': shown in an expandable panel. */
  detail?: ToastDetail
}

export interface HubSignals {
  toast: ToastSignal
  /** 4030 or the main process said the stored session ended. */
  sessionInvalid: { endpoint: string }
  /** '证书错误!' or 4060: open /license. */
  licence: { endpoint: string }
}

type Listener<K extends keyof HubSignals> = (payload: HubSignals[K]) => void

const listeners: { [K in keyof HubSignals]: Set<Listener<K>> } = {
  toast: new Set(),
  sessionInvalid: new Set(),
  licence: new Set(),
}

/**
 * Toasts raised before anyone shows them (the toaster loads lazily, after the first screen) wait
 * here, a few at most, and are shown when it arrives.
 */
const pendingToasts: ToastSignal[] = []
const MAX_PENDING = 5

export function onSignal<K extends keyof HubSignals>(kind: K, listener: Listener<K>): () => void {
  listeners[kind].add(listener)
  if (kind === 'toast') for (const t of pendingToasts.splice(0)) (listener as Listener<'toast'>)(t)
  return () => {
    listeners[kind].delete(listener)
  }
}

export function emitSignal<K extends keyof HubSignals>(kind: K, payload: HubSignals[K]): void {
  if (kind === 'toast' && listeners.toast.size === 0) {
    pendingToasts.push(payload as ToastSignal)
    if (pendingToasts.length > MAX_PENDING) pendingToasts.shift()
    return
  }
  for (const l of [...listeners[kind]]) l(payload)
}

/** Drops toasts nobody has shown yet (the tests' shared module graph starts each test clean). */
export function dropPendingToasts(): void {
  pendingToasts.length = 0
}

/** Convenience for pages that report their own outcome (saved, password changed…). */
export const showToast = (toast: ToastSignal): void => emitSignal('toast', toast)
