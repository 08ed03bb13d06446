/**
 * Electron main: glue only. Everything with logic lives in plain modules (services/, ipc/,
 * security/, embeddedHub.ts) that are tested under Node; this file wires them to Electron.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { app, BrowserWindow, session } from 'electron'
import Store from 'electron-store'
import { createConsoleServices } from './compose'
import { guardPermissions, guardWebContents, openInBrowser } from './electron/guards'
import { registerIpc } from './electron/ipc'
import { fieldMappingDialogs } from './electron/fieldMappingDialog'
import { promotionDialogs } from './electron/promotionDialog'
import { bundledLicenceKey, chooseLicenceFile } from './electron/licenceDialog'
import { showOsNotification } from './electron/osNotification'
import { registerAppScheme, serveRenderer } from './electron/protocol'
import { forkUtilityHub } from './electron/utilityHub'
import { createMainWindow } from './electron/window'
import { createEmbeddedHub } from './embeddedHub'
import { SQLITE_BINDING_ENV } from './hubMessages'
import type { EmitEvent } from './ipc/events'
import { installAppMenu } from './menu/install'
import { findSqliteBinding, sqliteBindingCandidates } from './nativeBinding'
import { APP_ORIGIN, originOf } from './security/origin'
import { bringToFront } from './services/consoleWindow'
import { createDeepLinkRouter, protocolClientArgs } from './services/deepLink'
import { notifyLongHubCalls } from './services/notifications'
import { createTokenVault } from './services/tokenVault'
import { parseAppUpdateYml, readUpdateSetting, resolveUpdateFeed, startUpdateChecks, type UpdaterLike } from './services/updates'
import { policyFilePath, readPolicy } from './services/policy'

const log = (line: string) => console.log(`[main] ${line}`)

// Development loads the Vite dev server; a packaged app never does.
const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
const appOrigin = (devUrl && originOf(devUrl)) || APP_ORIGIN

registerAppScheme()

// Approval mails' datahub-console:// links (issue 19): kept until the window is there, then shown in it.
const deepLinks = createDeepLinkRouter()

if (!app.requestSingleInstanceLock()) {
  // One console per user profile: two would share the embedded hub's SQLite file. The link this
  // start carried reaches the running console through its 'second-instance' event.
  app.quit()
} else {
  // Windows and Linux start the app with the link as an argument; macOS sends open-url, possibly before ready.
  deepLinks.receive(process.argv)
  app.on('open-url', (event, url) => {
    event.preventDefault()
    deepLinks.receive(url)
  })
  void app.whenReady().then(boot)
}

async function boot(): Promise<void> {
  let win: BrowserWindow | null = null
  app.on('second-instance', (_event, argv) => {
    bringToFront(win)
    deepLinks.receive(argv)
  })
  const [scheme, execPath, args] = protocolClientArgs({ defaultApp: process.defaultApp === true, execPath: process.execPath, argv: process.argv, resolve: (p) => path.resolve(p) })
  if (execPath && args) app.setAsDefaultProtocolClient(scheme, execPath, args)
  else app.setAsDefaultProtocolClient(scheme)

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
  // IT's machine-wide presets (hub profiles, a lock, updates), read once at start.
  const policy = readPolicy(policyFilePath(process.platform, process.env), (file) => readFileSync(file, 'utf8'))
  if (policy.error) log(`policy file not applied: ${policy.error}`)
  const services = createConsoleServices({
    store,
    policy,
    vault,
    emit,
    embeddedHubUrl: () => embedded.url(),
    bootstrapPassword: () => embedded.start().then((hub) => hub.bootstrapPassword, () => null),
    app: { version: app.getVersion(), platform: process.platform },
    log,
    chooseLicenceFile: () => chooseLicenceFile(win, services.settings.console().locale),
    mappingDialogs: fieldMappingDialogs(() => win, () => services.settings.console().locale),
    promotionDialogs: promotionDialogs(() => win, () => services.settings.console().locale),
    openBrowser: openInBrowser,
    osNotifications: { show: showOsNotification, window: () => win },
  })
  const handlers = {
    ...services.handlers,
    // A long hub call that ends while the user is elsewhere gets an OS notification.
    'hub.call': notifyLongHubCalls(services.handlers['hub.call'], {
      isWindowFocused: () => win !== null && !win.isDestroyed() && win.isFocused(),
      locale: () => services.settings.console().locale,
      show: (notification) => showOsNotification(notification, () => bringToFront(win)),
    }),
  }
  registerIpc(handlers, appOrigin)

  // The menu follows the language, whether chosen in the menu or in the console itself.
  const rebuildMenu = installAppMenu({
    locale: () => services.settings.console().locale,
    setLocale: (locale) => {
      services.settings.updateConsole({ locale })
      emit('locale.changed', { locale })
    },
    window: () => win,
  })
  store.onDidChange('locale', () => rebuildMenu())

  // Remote profiles use their base URL; the embedded hub starts only when it is the one in use.
  if (services.settings.currentProfile().kind === 'embedded') {
    embedded.start().then(
      (hub) => log(`embedded hub on ${hub.url}`),
      (err: unknown) => log(`embedded hub failed: ${String(err)}`),
    )
  }

  // Started by an approval link: the window opens on that task's page instead of the console's start.
  win = createMainWindow(services.settings, path.join(__dirname, '../preload/index.js'), new URL(deepLinks.takePending() ?? '/', devUrl ?? `${APP_ORIGIN}/`).toString())
  win.on('closed', () => (win = null))
  deepLinks.ready((route) => {
    bringToFront(win)
    emit('deepLink.open', { path: route })
  })
  // New alarm incidents as OS notifications, asked for here so they come while the window is minimised.
  services.incidents?.start()

  const updateYml = path.join(process.resourcesPath, 'app-update.yml')
  void startUpdateChecks({
    decision: resolveUpdateFeed({
      isPackaged: app.isPackaged,
      stored: readUpdateSetting(store),
      policy: policy.policy?.updates,
      buildFeed: app.isPackaged && existsSync(updateYml) ? parseAppUpdateYml(readFileSync(updateYml, 'utf8')) : null,
    }),
    loadUpdater: loadElectronUpdater,
    log,
  })

  // The embedded hub closes its store before the app exits.
  let stopping = false
  app.on('before-quit', (event) => {
    if (stopping) return
    stopping = true
    services.incidents?.stop()
    event.preventDefault()
    void embedded.stop().finally(() => app.quit())
  })
  // Quit with the last window on every platform: the console is the hub's only user.
  app.on('window-all-closed', () => app.quit())
}

/**
 * electron-updater's autoUpdater, or null when it cannot load (README, "Packaging"). Loaded at
 * run time, when updates are configured, so a console without a feed never pays for it.
 */
async function loadElectronUpdater(): Promise<UpdaterLike | null> {
  const name = 'electron-updater'
  try {
    const mod = (await import(name)) as { autoUpdater?: UpdaterLike; default?: { autoUpdater?: UpdaterLike } }
    return mod.autoUpdater ?? mod.default?.autoUpdater ?? null
  } catch {
    return null
  }
}
