import type { HubProfile } from '../shared/ipc'
import { createIpcHandlers, type IpcHandlers } from './ipc/handlers'
import type { EmitEvent } from './ipc/events'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { createAdminTransfers } from './services/adminTransfers'
import { createFieldMappingFiles, type MappingFileDialogs } from './services/fieldMappingFiles'
import { createHubProxy, type HubProxy } from './services/hubProxy'
import { createLicenceFiles } from './services/licenceFile'
import { createProducerWorkbooks } from './services/producerWorkbooks'
import { createPromotionFiles, type PromotionDialogs } from './services/promotionFiles'
import { createProfileService } from './services/profiles'
import type { KeyValueStore } from './services/keyValueStore'
import { createSettings, type Settings } from './services/settings'
import type { PolicyRead } from './services/policy'
import { bringToFront, type ConsoleWindow } from './services/consoleWindow'
import { createIncidentWatch, type IncidentWatch } from './services/incidentNotifications'
import type { OsNotification } from './services/notifications'
import type { TokenVault } from './services/tokenVault'
import { createSsoSignIn } from './services/sso/ssoSignIn'

export interface ConsoleServicesDeps {
  store: KeyValueStore
  /** The machine's policy file, read at start (services/policy.ts); none when absent. */
  policy?: PolicyRead
  vault: TokenVault
  emit: EmitEvent
  /** The embedded hub's URL, starting it when needed; null when it cannot run. */
  embeddedHubUrl: () => Promise<string | null>
  /** The embedded hub's first-start admin password, when it generated one. */
  bootstrapPassword: () => Promise<string | null>
  app: { version: string; platform: string }
  log?: (line: string) => void
  /**
   * The native open dialog for licence files (src/main/index.ts). Without one (the end-to-end
   * harness, which has no native dialogs) 'licence.choose' answers as if the user cancelled.
   */
  chooseLicenceFile?: () => Promise<string | null>
  /**
   * The native workbook dialogs (src/main/index.ts): the field-mapping workbook and template,
   * administration imports and exports, an excel producer's "run with this file". Without them
   * (the end-to-end harness brings stand-ins) the channels answer as if the user cancelled.
   */
  mappingDialogs?: MappingFileDialogs
  /** The native dialogs of promotion documents (src/main/index.ts); without them the channels answer as if cancelled. */
  promotionDialogs?: PromotionDialogs
  /**
   * OS notifications (src/main/index.ts: Electron's Notification and the console window). With
   * them the console watches for new alarm incidents; without them (the end-to-end harness) not.
   */
  /**
   * Opens the system browser at a URL (openInBrowser in src/main/electron/guards.ts): single sign-on's way to
   * the identity provider. The end-to-end harness captures the URL and plays the browser.
   * Without one, 'sso.signIn' answers as if cancelled.
   */
  openBrowser?: (url: string) => Promise<void>
  osNotifications?: {
    show: (notification: OsNotification, onClick: () => void) => void
    window: () => ConsoleWindow | null
  }
}

export interface ConsoleServices {
  settings: Settings
  proxy: HubProxy
  handlers: IpcHandlers
  /** The watch for new incidents (started by the app); null without OS notifications. */
  incidents: IncidentWatch | null
}

/**
 * Wires the main-process services the same way for the app (index.ts) and for the end-to-end
 * harness, which routes `page.exposeBinding` to `handlers`.
 */
export function createConsoleServices(deps: ConsoleServicesDeps): ConsoleServices {
  const settings = createSettings(deps.store, deps.policy)
  const hubUrl = (profile: HubProfile) => (profile.kind === 'embedded' ? deps.embeddedHubUrl() : (profile.baseUrl ?? null))
  const proxy = createHubProxy({
    baseUrl: () => hubUrl(settings.currentProfile()),
    profileId: () => settings.currentProfile().id,
    locale: () => settings.console().locale,
    vault: deps.vault,
    emit: deps.emit,
    log: deps.log,
  })
  const licence = createLicenceFiles({ proxy, fs: { stat, readFile }, locale: () => settings.console().locale, log: deps.log })
  const workbookDialogs = deps.mappingDialogs ?? { openExcel: async () => null, saveTemplate: async () => null }
  const files = { stat, readFile, writeFile }
  const mappingFiles = createFieldMappingFiles({ proxy, fs: files, dialogs: workbookDialogs, locale: () => settings.console().locale, log: deps.log })
  const adminTransfers = createAdminTransfers({ proxy, fs: files, dialogs: workbookDialogs, locale: () => settings.console().locale, log: deps.log })
  const producerWorkbooks = createProducerWorkbooks({ proxy, fs: files, dialogs: workbookDialogs, locale: () => settings.console().locale, log: deps.log })
  const promotionFiles = createPromotionFiles({
    proxy,
    fs: { stat, readFile: (path, encoding) => readFile(path, encoding), writeFile: (path, text, options) => writeFile(path, text, options) },
    dialogs: deps.promotionDialogs ?? { openDocument: async () => null, saveDocument: async () => null },
    locale: () => settings.console().locale,
    log: deps.log,
  })
  const openBrowser = deps.openBrowser
  const sso = openBrowser ? createSsoSignIn({ proxy, locale: () => settings.console().locale, openBrowser, log: deps.log }) : undefined
  const handlers = createIpcHandlers({
    proxy,
    settings,
    vault: deps.vault,
    app: deps.app,
    bootstrapPassword: deps.bootstrapPassword,
    licence,
    chooseLicenceFile: deps.chooseLicenceFile ?? (async () => null),
    profiles: createProfileService({ settings, vault: deps.vault, emit: deps.emit, locale: () => settings.console().locale }),
    mappingFiles,
    adminTransfers,
    producerWorkbooks,
    promotionFiles,
    sso,
  })
  const notices = deps.osNotifications
  const incidents = notices
    ? createIncidentWatch({
        proxy,
        signedIn: async () => (await deps.vault.get(settings.currentProfile().id)) !== null,
        profileId: () => settings.currentProfile().id,
        enabled: () => settings.console().incidentNotifications,
        locale: () => settings.console().locale,
        show: notices.show,
        // A click brings the console forward and has it open the incident in the alert centre.
        open: (id) => {
          bringToFront(notices.window())
          deps.emit('incident.open', { id })
        },
        log: deps.log,
      })
    : null
  return { settings, proxy, handlers, incidents }
}
