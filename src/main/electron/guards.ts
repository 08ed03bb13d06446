import { app, shell, type Session } from 'electron'
import { navigationDecision, windowOpenDecision } from '../security/navigation'
import { permissionDecision } from '../security/permissions'

/**
 * Guards for every web contents the app ever creates (Electron's security checklist):
 * no new windows, no navigation away from the console, no <webview>; web links open in the
 * OS browser.
 */
export function guardWebContents(appOrigin: string): void {
  const openExternal = (url: string) => void shell.openExternal(url).catch(() => undefined)
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      if (windowOpenDecision(url).openExternally) openExternal(url)
      return { action: 'deny' }
    })
    const onNavigate = (event: { url: string; preventDefault(): void }) => {
      const decision = navigationDecision(event.url, appOrigin)
      if (decision === 'allow') return
      event.preventDefault()
      if (decision === 'external') openExternal(event.url)
    }
    contents.on('will-navigate', onNavigate)
    contents.on('will-redirect', onNavigate)
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
}

/** Web permissions: denied unless permissions.ts grants one to the console itself. */
export function guardPermissions(session: Session, appOrigin: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(permissionDecision(permission, details.requestingUrl, appOrigin)),
  )
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => permissionDecision(permission, requestingOrigin, appOrigin))
}
