/**
 * Electron main: glue only. Everything with logic lives in plain modules (services/, ipc/,
 * security/, embeddedHub.ts) that are tested under Node; this file wires them to Electron.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { app, BrowserWindow, session } from 'electron'
import Store from 'electron-store'
import { createConsoleServices } from './compose'
import { guardPermissions, guardWebContents } from './electron/guards'
import { registerIpc } from './electron/ipc'
import { bundledLicenceKey, chooseLicenceFile } from './electron/licenceDialog'
import { registerAppScheme, serveRenderer } from './electron/protocol'
import { forkUtilityHub } from './electron/utilityHub'
import { createMainWindow } from './electron/window'
import { createEmbeddedHub } from './embeddedHub'
import { SQLITE_BINDING_ENV } from './hubMessages'
import type { EmitEvent } from './ipc/events'
import { findSqliteBinding, sqliteBindingCandidates } from './nativeBinding'
import { APP_ORIGIN, originOf } from './security/origin'
import { createTokenVault } from './services/tokenVault'

const log = (line: string) => console.log(`[main] ${line}`)

// Development loads the Vite dev server; a packaged app never does.
const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
const appOrigin = (devUrl && originOf(devUrl)) || APP_ORIGIN

registerAppScheme()

if (!app.requestSingleInstanceLock()) {
  // One console per user profile: two would share the embedded hub's SQLite file.
  app.quit()
} else {
  void app.whenReady().then(boot)
}

async function boot(): Promise<void> {
  let win: BrowserWindow | null = null
  app.on('second-instance', () => {
    if (win?.isMinimized()) win.restore()
    win?.focus()
  })

  guardWebContents(appOrigin)
  guardPermissions(session.defaultSession, appOrigin)
  serveRenderer(path.join(__dirname, '../renderer'))

  // A corrupt settings file is replaced rather than stopping the app; settings.ts validates each value.
  const store = new Store<Record<string, unknown>>({ name: 'settings', clearInvalidConfig: true })
  const vault = await createTokenVault({ onFallback: (why) => log(`keychain unavailable, tokens kept in memory: ${why}`) })

  const binding = findSqliteBinding(
    sqliteBindingCandidates({ resourcesPath: process.resourcesPath, appPath: app.getAppPath(), isPackaged: app.isPackaged }),
    existsSync,
  )
  const licenceKey = bundledLicenceKey({ resourcesPath: process.resourcesPath, appPath: app.getAppPath(), isPackaged: app.isPackaged })
  const embedded = createEmbeddedHub({
    fork: (env) => forkUtilityHub(path.join(__dirname, 'hubProcess.js'), env),
    dataDir: path.join(app.getPath('userData'), 'hub'),
    env: {
      ...(binding ? { [SQLITE_BINDING_ENV]: binding } : {}),
      ...(licenceKey ? { HUB_LICENCE_PUBLIC_KEY: licenceKey } : {}),
      // The desktop's own hub shows the licence state but never locks its only user out.
      HUB_LICENCE_ENFORCE: 'off',
    },
    log,
  })

  const emit: EmitEvent = (event, data) => {
    if (win && !win.isDestroyed()) win.webContents.send(event, data)
  }
  const services = createConsoleServices({
    store,
    vault,
    emit,
    embeddedHubUrl: () => embedded.url(),
    bootstrapPassword: () => embedded.start().then((hub) => hub.bootstrapPassword, () => null),
    app: { version: app.getVersion(), platform: process.platform },
    log,
    chooseLicenceFile: () => chooseLicenceFile(win, services.settings.console().locale),
  })
  registerIpc(services.handlers, appOrigin)

  // Remote profiles use their base URL; the embedded hub starts only when it is the one in use.
  if (services.settings.currentProfile().kind === 'embedded') {
    embedded.start().then(
      (hub) => log(`embedded hub on ${hub.url}`),
      (err: unknown) => log(`embedded hub failed: ${String(err)}`),
    )
  }

  win = createMainWindow(services.settings, path.join(__dirname, '../preload/index.js'), devUrl ?? `${APP_ORIGIN}/`)
  win.on('closed', () => (win = null))

  // The embedded hub closes its store before the app exits.
  let stopping = false
  app.on('before-quit', (event) => {
    if (stopping) return
    stopping = true
    event.preventDefault()
    void embedded.stop().finally(() => app.quit())
  })
  // Quit with the last window on every platform: the console is the hub's only user.
  app.on('window-all-closed', () => app.quit())
}
