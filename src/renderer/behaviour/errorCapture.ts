import { trackError } from './index'

/**
 * Client errors outside React's render (the error boundary reports those): uncaught errors and
 * unhandled promise rejections become 'error' events.
 */
// Chromium reports this when a resize observer's callback resizes what it observes: harmless, and
// frequent with responsive components, so not worth an error entry.
const BENIGN = /ResizeObserver loop/

export function installErrorCapture(): () => void {
  const onError = (e: ErrorEvent): void => {
    if (BENIGN.test(e.message ?? '')) return
    trackError(e.message || 'error', e.error ?? `${e.filename}:${e.lineno}:${e.colno}`)
  }
  const onRejection = (e: PromiseRejectionEvent): void => {
    const reason: unknown = e.reason
    trackError(reason instanceof Error ? reason.message : 'unhandledrejection', reason)
  }
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
  return () => {
    window.removeEventListener('error', onError)
    window.removeEventListener('unhandledrejection', onRejection)
  }
}
