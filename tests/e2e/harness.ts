/**
 * The desktop app without the Electron binary (architecture.md, "Testing without the Electron
 * binary"): a real hub on loopback with a real SQLite store, the real main-process services and
 * IPC handler map, and the built renderer in Chromium. The preload bridge is emulated with
 * `page.exposeBinding`, routed through the same sender check the Electron glue applies.
 */
import { test as base, type Page } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { extname, join, resolve } from 'node:path'
import { randomUUID } from 'node:crypto'
import { loadHubConfig } from '../../src/hub/config'
import { startHub, type RunningHub } from '../../src/hub/server'
import { createConsoleServices } from '../../src/main/compose'
import type { IpcHandlers } from '../../src/main/ipc/handlers'
import { isTrustedSender } from '../../src/main/ipc/senderGuard'
import { resolveAppPath } from '../../src/main/security/appProtocol'
import { APP_ORIGIN } from '../../src/main/security/origin'
import { createMemoryStore } from '../../src/main/services/keyValueStore'
import type { Settings } from '../../src/main/services/settings'
import { createTokenVault, type TokenVault } from '../../src/main/services/tokenVault'
import type { IpcEvent, IpcEvents } from '../../src/shared/ipc'

// What `npm run build` wrote: the renderer that ships.
const rendererDir = resolve(__dirname, '../..', 'out/renderer')
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/** Serves out/renderer the way the app:// protocol does, through the same path resolver. */
async function serveRenderer(): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const target = resolveAppPath(`${APP_ORIGIN}${req.url ?? '/'}`, rendererDir)
    if (!target.ok) return void res.writeHead(404).end()
    try {
      const body = await readFile(target.file)
      res.writeHead(200, { 'content-type': contentTypes[extname(target.file)] ?? 'application/octet-stream' })
      res.end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://127.0.0.1:${port}`, server }
}

export interface Desktop {
  page: Page
  handlers: IpcHandlers
  vault: TokenVault
  settings: Settings
  /** The generated first-admin password of this worker's hub. */
  adminPassword: string
  hub: RunningHub
  /** Opens a console path (e.g. '/login') in the page. */
  open(path: string): Promise<void>
  /** Where the built console is served (http://127.0.0.1:port). */
  site: string
  /** Stand-ins of the native dialogs: what the next one answers (null: the user cancels). */
  dialogs: DialogStandIns
  /** The system browser's stand-in: the URLs the main process opened (single sign-on). */
  browser: BrowserStandIn
}

export interface DialogStandIns {
  /** The workbook path the mapping's open dialog picks. */
  excelPath: string | null
  /** The path the template's save dialog picks. */
  templatePath: string | null
  /** The file name the save dialog was last asked to suggest. */
  templateSuggested?: string
  /** The promotion document the open dialog picks. */
  documentPath?: string | null
  /** Where the promotion export's save dialog saves. */
  exportPath?: string | null
}

export interface BrowserStandIn {
  /** Every URL opened so far, oldest first. */
  opened: string[]
  /** The next URL the main process opens, or the oldest one not taken yet. */
  nextUrl(): Promise<string>
}

/** Captures what `shell.openExternal` would open; the test follows it itself (sso.spec.ts). */
function browserStandIn(): BrowserStandIn & { open: (url: string) => Promise<void> } {
  const opened: string[] = []
  let followed = 0
  let wake: (() => void) | null = null
  return {
    opened,
    async open(url) {
      opened.push(url)
      wake?.()
    },
    async nextUrl() {
      while (followed >= opened.length) await new Promise<void>((resolve) => (wake = resolve))
      return opened[followed++]!
    },
  }
}

interface WorkerFixtures {
  hub: RunningHub
  site: string
}

export const test = base.extend<{ desktop: Desktop }, WorkerFixtures>({
  hub: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'dh-e2e-hub-'))
      // Private WSDL addresses allowed: the e2e WSDLs are served on loopback (webserviceProducer.spec.ts).
      const hub = await startHub(loadHubConfig(['--port', '0', '--data-dir', dataDir, '--allow-private-wsdl', 'on'], {}), { log: () => {} })
      await use(hub)
      await hub.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
    { scope: 'worker' },
  ],
  site: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { url, server } = await serveRenderer()
      await use(url)
      server.close()
    },
    { scope: 'worker' },
  ],
  desktop: async ({ page, hub, site }, use) => {
    if (!hub.bootstrapPassword) throw new Error('the e2e hub must generate its first-admin password')
    // One keychain service per test: tokens of one test never leak into the next.
    const service = `DataHub Console e2e ${randomUUID()}`
    const vault = await createTokenVault({ service })
    const emit = <E extends IpcEvent>(event: E, data: IpcEvents[E]) => {
      void page.evaluate(([e, d]) => (window as unknown as { __desktopEmit: (e: string, d: unknown) => void }).__desktopEmit(e, d), [event, data] as const).catch(() => {})
    }
    const dialogs: DialogStandIns = { excelPath: null, templatePath: null }
    const browser = browserStandIn()
    // Wired exactly as the app wires them (src/main/compose.ts).
    const { settings, handlers } = createConsoleServices({
      store: createMemoryStore(),
      vault,
      emit,
      embeddedHubUrl: async () => hub.url,
      bootstrapPassword: async () => hub.bootstrapPassword,
      app: { version: '0.0.0-e2e', platform: process.platform },
      mappingDialogs: {
        openExcel: async () => dialogs.excelPath,
        saveTemplate: async (suggested) => {
          dialogs.templateSuggested = suggested
          return dialogs.templatePath
        },
      },
      promotionDialogs: {
        openDocument: async () => dialogs.documentPath ?? null,
        saveDocument: async () => dialogs.exportPath ?? null,
      },
      openBrowser: browser.open,
    })
    await page.exposeBinding('__desktopInvoke', async (source, channel: keyof IpcHandlers, payload: unknown) => {
      const frame = { url: source.frame.url(), isMainFrame: source.frame === source.page.mainFrame() }
      if (!isTrustedSender(frame, site)) throw new Error('untrusted sender')
      const handler = handlers[channel] as ((p: unknown) => Promise<unknown>) | undefined
      if (!handler) throw new Error(`unknown channel ${String(channel)}`)
      return handler(payload)
    })
    await page.addInitScript(() => {
      const listeners: Record<string, Set<(d: unknown) => void>> = {}
      const w = window as unknown as Record<string, unknown>
      w.__desktopEmit = (event: string, data: unknown) => listeners[event]?.forEach((l) => l(data))
      w.desktop = {
        invoke: (channel: string, payload: unknown) => (w.__desktopInvoke as (c: string, p: unknown) => Promise<unknown>)(channel, payload ?? null),
        on: (event: string, listener: (d: unknown) => void) => {
          ;(listeners[event] ??= new Set()).add(listener)
          return () => listeners[event]?.delete(listener)
        },
      }
    })
    await use({
      page,
      handlers,
      vault,
      settings,
      adminPassword: hub.bootstrapPassword,
      hub,
      open: async (path) => void (await page.goto(`${site}${path}`)),
      site,
      dialogs,
      browser: { opened: browser.opened, nextUrl: browser.nextUrl },
    })
    await vault.clear(settings.currentProfile().id)
  },
})

export { expect } from '@playwright/test'
