import type { Licence } from './contract/platform/licence'
import type { TransferKind } from './contract/platform/admin/transfer'
import type { PromotionSelection } from './contract/promotion/document'
import type { AuditFilter } from './contract/platform/logs'
import type { Run } from './contract/datahub/schedule'
import type { SessionUser } from './contract/platform/session'
import type { FieldMappingRow } from './rules/datahub/mapping'
import type { SkippedMappingRow } from './contract/datahub/mappingFiles'
import type { DataVersions, HubResult } from './envelope'
import type { Locale } from './locale'
import type { UserThemeChoice } from './rules/theme'

/** A hub profile: the embedded hub on loopback, or a remote hub by base URL. */
export interface HubProfile {
  id: string
  name: string
  kind: 'embedded' | 'remote'
  /** Remote only: e.g. https://hub.example.com */
  baseUrl?: string
  /** Set by the machine's policy file (IT): shown as managed, not edited or removed here. */
  managed?: boolean
}

/** What the machine's policy file decides about hub profiles, for the console to say so. */
export interface ProfilePolicy {
  /** Only the policy's hubs are offered: none can be added, the embedded hub is not offered. */
  locked: boolean
  /** A policy file that is there but was not applied, and why (path and reason). */
  error: string | null
}

/** Where the token is kept: the OS keychain, or (when none is available) this run's memory. */
export type VaultMode = 'keychain' | 'memory'

export interface AppInfo {
  version: string
  platform: string
  profile: HubProfile
  vault: VaultMode
  /** The embedded hub's first-start admin password, handed over once and then forgotten. */
  bootstrapPassword: string | null
}

export interface ConsoleSettings {
  locale: Locale
  /**
   * Whether someone on this machine chose the language. Until then the console follows the
   * platform's default language (parameter lang.locale), so a hub set to English greets a new
   * machine in English.
   */
  localeChosen: boolean
  /** The signed-in user's theme choice, kept for the next start ('default': the platform's theme.mode). */
  theme: UserThemeChoice
  rememberedUsername: string | null
  /**
   * Whether the main process shows an OS notification for each new alarm incident while
   * someone is signed in (issue 15); on unless switched off in the personal settings.
   */
  incidentNotifications: boolean
}

/**
 * The IPC contract: one entry per channel, its payload and its answer. The preload exposes
 * exactly `invoke` over these channels and `on` for the events below; the main process serves
 * each channel with a handler of the same name that checks its sender first.
 */
export interface IpcContract {
  /** Call one hub endpoint of the contract by id. */
  'hub.call': { payload: { endpoint: string; input?: unknown }; result: HubResult<unknown> }
  /**
   * Uploads a file the page read itself (avatar, upload widget) to an upload endpoint of the
   * contract, as the multipart field `file` with the session's token. The main process refuses
   * an endpoint that is not an upload; the hub checks size and content.
   */
  'hub.upload': { payload: { endpoint: string; name: string; bytes: Uint8Array }; result: HubResult<unknown> }
  'app.info': { payload: void; result: AppInfo }
  /** Whether a session token is stored for the current profile (the token itself never leaves main). */
  'session.status': { payload: void; result: { signedIn: boolean } }
  'settings.get': { payload: void; result: ConsoleSettings }
  'settings.update': { payload: Partial<ConsoleSettings>; result: ConsoleSettings }
  /**
   * Opens the native file dialog (.lic) and uploads the chosen file; '5040' (cancelled) when
   * the user closes the dialog without choosing.
   */
  'licence.choose': { payload: void; result: HubResult<Licence> }
  /** Uploads the licence file at a path the console already has. */
  'licence.upload': { payload: { path: string }; result: HubResult<Licence> }
  /**
   * Uploads a licence file the page read itself: a file dropped on the sandboxed page has no
   * path, so its bytes travel (structured clone in Electron, typed-array serialisation in tests).
   */
  'licence.uploadBytes': { payload: { name: string; bytes: Uint8Array }; result: HubResult<Licence> }
  /**
   * Field-mapping Excel import: opens the native file dialog (one .xls or .xlsx), uploads the
   * file and answers its rows; '5040' (cancelled) when the user closes the dialog.
   */
  'fieldMapping.chooseExcel': { payload: void; result: HubResult<MappingExcelRows> }
  /** The same for a workbook dropped on the page (a dropped file has no path: its bytes travel). */
  'fieldMapping.uploadExcelBytes': { payload: { name: string; bytes: Uint8Array }; result: HubResult<MappingExcelRows> }
  /** Downloads the mapping template and saves it through the native save dialog; '5040' when cancelled. */
  'fieldMapping.saveTemplate': { payload: void; result: HubResult<{ path: string } | null> }
  /**
   * Administration Excel import (organisations, positions, roles, user roles, users): opens the
   * native file dialog and imports the workbook, all or nothing; a refusal's data lists the
   * problems by row and column. '5040' when the user cancels.
   */
  'admin.importExcel': { payload: { kind: TransferKind }; result: HubResult<{ imported: number }> }
  /** Downloads an administration export and saves it through the native save dialog; '5040' when cancelled. */
  'admin.exportExcel': { payload: { kind: TransferKind }; result: HubResult<{ path: string }> }
  /** Downloads the audit log as the list is filtered and saves it through the native save dialog; '5040' when cancelled. */
  'logs.exportAudit': { payload: AuditFilter; result: HubResult<{ path: string }> }
  /**
   * "Run with this file" of an excel producer: opens the native file dialog (one .xls or .xlsx),
   * uploads the workbook into the producer's inbox on the hub and answers the run it started;
   * '5040' (cancelled) when the user closes the dialog.
   */
  'producer.runWithFile': { payload: { producerId: string }; result: HubResult<Run> }
  /** Promotion (issue 18): exports the selection from the connected hub and saves it through the native save dialog; '5040' when cancelled. */
  'promotion.export': { payload: { selection: PromotionSelection }; result: HubResult<{ path: string }> }
  /** Opens a promotion document through the native open dialog: its file name and content; '5040' when cancelled. */
  'promotion.open': { payload: void; result: HubResult<{ name: string; document: unknown }> }
  /**
   * Single sign-on through the system browser (issue 17): the main process listens on a loopback
   * port, has the hub begin the flow at the provider, opens the browser there and, once the
   * provider's code or ticket comes back with the right state, signs in with it. Answers as
   * platform.login does (the token stays in the main process); a refusal carries a translated
   * message; '5040' with an empty message when cancelled ('sso.cancel'), with one after the
   * 5-minute wait ran out.
   */
  'sso.signIn': { payload: { providerId: string }; result: HubResult<SessionUser> }
  /** Ends the single sign-on wait in progress; `cancelled` false when none was waiting. */
  'sso.cancel': { payload: void; result: { cancelled: boolean } }
  /** The hub profiles (embedded first) and which one the console talks to. */
  'profiles.list': { payload: void; result: { profiles: HubProfile[]; currentId: string; policy: ProfilePolicy } }
  /** Adds (no id) or edits a remote profile; refusals carry a translated message. */
  'profiles.save': { payload: { id?: string; name: string; baseUrl: string }; result: ProfileOutcome<HubProfile> }
  /** Removes a remote profile and its stored token; removing the current one falls back to embedded. */
  'profiles.remove': { payload: { id: string }; result: ProfileOutcome<null> }
  /** Asks a hub's public health endpoint from the main process (the renderer opens no sockets). */
  'profiles.test': { payload: { baseUrl: string }; result: ProfileTest }
  /** Signs out of the current profile (its token is cleared) and makes another one current. */
  'profiles.switch': { payload: { id: string }; result: ProfileOutcome<HubProfile> }
}

/**
 * The rows of an uploaded mapping workbook (part 2 §3 row shape), as the hub cleaned them: to
 * be merged into the table with mergeMappingRows (src/shared/rules/datahub/mappingRows.ts).
 */
export interface MappingExcelRows {
  rows: FieldMappingRow[]
  /**
   * The workbook's rows left out (a header, one name empty, a repeated pair), for the import
   * preview: the first 200, and how many in all. Empty from a hub that only speaks part 2 §7's
   * upload, which does not say.
   */
  skipped: SkippedMappingRow[]
  skippedTotal: number
}

/** A profile change's answer: refusals are values with a translated message (and the field at fault). */
export type ProfileOutcome<T> = { ok: true; data: T } | { ok: false; message: string; field?: 'name' | 'baseUrl' }
export interface ProfileTest {
  ok: boolean
  version?: string
  store?: string
  /** Translated: what the hub said, or why it could not be reached. */
  message: string
}
export type IpcChannel = keyof IpcContract
export type IpcPayload<C extends IpcChannel> = IpcContract[C]['payload']
export type IpcResult<C extends IpcChannel> = IpcContract[C]['result']
/**
 * Every channel of IpcContract, keyed by it: the compiler refuses a channel of the contract left
 * out here and a name here that the contract lacks (an interface has no keys at run time, so the
 * list the preload and main process use is this record's keys).
 */
const CHANNELS: { readonly [C in IpcChannel]: true } = {
  'hub.call': true, 'hub.upload': true, 'app.info': true, 'session.status': true, 'settings.get': true, 'settings.update': true,
  'licence.choose': true, 'licence.upload': true, 'licence.uploadBytes': true,
  'fieldMapping.chooseExcel': true, 'fieldMapping.uploadExcelBytes': true, 'fieldMapping.saveTemplate': true,
  'admin.importExcel': true, 'admin.exportExcel': true, 'logs.exportAudit': true, 'producer.runWithFile': true,
  'promotion.export': true, 'promotion.open': true, 'sso.signIn': true, 'sso.cancel': true,
  'profiles.list': true, 'profiles.save': true, 'profiles.remove': true, 'profiles.test': true, 'profiles.switch': true,
}
export const IPC_CHANNELS = Object.keys(CHANNELS) as readonly IpcChannel[]

/** Events the main process sends to the renderer. */
export interface IpcEvents {
  /** The stored session ended (4030, logout, revoked): the console goes back to the login view. */
  'session.ended': { reason: 'invalid' | 'logout' }
  /** The hub reported new data versions; the console refetches what moved. */
  'data.versions': DataVersions
  /** The user picked a language in the application menu; the console switches to it. */
  'locale.changed': { locale: Locale }
  /**
   * The user clicked the OS notification of a new incident: the console opens the alert centre
   * on it (id null: the notification summed up several, so the list of open ones).
   */
  'incident.open': { id: string | null }
  /**
   * A datahub-console:// link reached the running console (issue 19: an approval mail's link):
   * the console opens this route (only the unsigned approval page, checked on both sides).
   */
  'deepLink.open': { path: string }
}
export type IpcEvent = keyof IpcEvents

/** What the preload puts on `window.desktop`. */
export interface DesktopBridge {
  invoke<C extends IpcChannel>(channel: C, payload: IpcPayload<C>): Promise<IpcResult<C>>
  on<E extends IpcEvent>(event: E, listener: (data: IpcEvents[E]) => void): () => void
}
