import { app, shell, type Session } from 'electron'
import { permissionDecision } from '../security/permissions'
import { guardContents } from '../security/webContentsGuard'

/**
 * Guards for every web contents the app ever creates (security/webContentsGuard.ts): no new
 * windows, no navigation away from the console, no <webview>; web links open in the OS browser.
 */
export function guardWebContents(appOrigin: string): void {
  const openExternal = (url: string) => void shell.openExternal(url).catch(() => undefined)
  app.on('web-contents-created', (_event, contents) => guardContents(contents, appOrigin, openExternal))
}

/**
 * Opens a web page in the OS browser for single sign-on (RFC 8252 §6: the user signs in where
 * their identity provider's session and password manager live, not in a window of ours). Only
 * http and https (services/sso/ssoSignIn.ts checks too): never a file or another app's scheme.
 */
export async function openInBrowser(url: string): Promise<void> {
  const { protocol } = new URL(url)
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`not a web page: ${protocol}`)
  await shell.openExternal(url)
}

/** Web permissions: denied unless permissions.ts grants one to the console itself. */
export function guardPermissions(session: Session, appOrigin: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(permissionDecision(permission, details.requestingUrl, appOrigin)),
  )
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => permissionDecision(permission, requestingOrigin, appOrigin))
}
