import { navigationDecision, windowOpenDecision } from './navigation'

/** A cancellable page event (will-navigate, will-redirect, will-attach-webview). */
export interface PreventableEvent {
  url?: string
  preventDefault(): void
}

/**
 * The part of Electron's WebContents the guards touch. Kept structural so the wiring itself is
 * tested under Node: a missed preventDefault is exactly the bug a unit test of the decisions
 * alone would not see.
 */
export interface GuardedContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void
  on(event: 'will-navigate' | 'will-redirect' | 'will-attach-webview', listener: (event: PreventableEvent, ...rest: unknown[]) => void): unknown
}

/**
 * Guards one web contents (Electron's security checklist 11–15): no new windows, no
 * navigation away from the console, no <webview>; web links go to the OS browser (only
 * http/https, never file: or custom schemes, which openExternal would hand to any program).
 */
export function guardContents(contents: GuardedContents, appOrigin: string, openExternal: (url: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url)
    if (decision.openExternally) openExternal(url)
    return { action: decision.action }
  })
  const onNavigate = (event: PreventableEvent, ...rest: unknown[]) => {
    // Electron ≥ 25 puts the URL on the event; older signatures pass it as the second argument.
    const url = event.url ?? (typeof rest[0] === 'string' ? rest[0] : '')
    const decision = navigationDecision(url, appOrigin)
    if (decision === 'allow') return
    event.preventDefault()
    if (decision === 'external') openExternal(url)
  }
  contents.on('will-navigate', onNavigate)
  contents.on('will-redirect', onNavigate)
  contents.on('will-attach-webview', (event) => event.preventDefault())
}
