import { readFile } from 'node:fs/promises'
import { protocol } from 'electron'
import { resolveAppPath } from '../security/appProtocol'
import { contentTypeOf } from '../security/contentType'
import { contentSecurityPolicy } from '../security/csp'

/**
 * app://console serves the built renderer: a real origin (module scripts, history-mode
 * routes, a CSP header), unlike file://. Must run before the app is ready.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ])
}

export function serveRenderer(rendererRoot: string): void {
  const csp = contentSecurityPolicy()
  protocol.handle('app', async (request) => {
    const target = resolveAppPath(request.url, rendererRoot)
    if (!target.ok) return new Response('Forbidden', { status: 403 })
    try {
      const body = await readFile(target.file)
      return new Response(body, {
        headers: {
          'content-type': contentTypeOf(target.file),
          'content-security-policy': csp,
          'x-content-type-options': 'nosniff',
        },
      })
    } catch {
      return new Response('Not found', { status: 404 })
    }
  })
}
