import type { Licence } from './contract/platform/licence'
import type { DataVersions, HubResult } from './envelope'
import type { Locale } from './locale'

/** A hub profile: the embedded hub on loopback, or a remote hub by base URL. */
export interface HubProfile {
  id: string
  name: string
  kind: 'embedded' | 'remote'
  /** Remote only: e.g. https://hub.example.com */
  baseUrl?: string
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
  theme: 'system' | 'light' | 'dark'
  rememberedUsername: string | null
}

/**
 * The IPC contract: one entry per channel, its payload and its answer. The preload exposes
 * exactly `invoke` over these channels and `on` for the events below; the main process serves
 * each channel with a handler of the same name that checks its sender first.
 */
export interface IpcContract {
  /** Call one hub endpoint of the contract by id. */
  'hub.call': { payload: { endpoint: string; input?: unknown }; result: HubResult<unknown> }
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
  /** The hub profiles (embedded first) and which one the console talks to. */
  'profiles.list': { payload: void; result: { profiles: HubProfile[]; currentId: string } }
  /** Adds (no id) or edits a remote profile; refusals carry a translated message. */
  'profiles.save': { payload: { id?: string; name: string; baseUrl: string }; result: ProfileOutcome<HubProfile> }
  /** Removes a remote profile and its stored token; removing the current one falls back to embedded. */
  'profiles.remove': { payload: { id: string }; result: ProfileOutcome<null> }
  /** Asks a hub's public health endpoint from the main process (the renderer opens no sockets). */
  'profiles.test': { payload: { baseUrl: string }; result: ProfileTest }
  /** Signs out of the current profile (its token is cleared) and makes another one current. */
  'profiles.switch': { payload: { id: string }; result: ProfileOutcome<HubProfile> }
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
export const IPC_CHANNELS: readonly IpcChannel[] = [
  'hub.call', 'app.info', 'session.status', 'settings.get', 'settings.update',
  'licence.choose', 'licence.upload', 'licence.uploadBytes',
  'profiles.list', 'profiles.save', 'profiles.remove', 'profiles.test', 'profiles.switch',
]

/** Events the main process sends to the renderer. */
export interface IpcEvents {
  /** The stored session ended (4030, logout, revoked): the console goes back to the login view. */
  'session.ended': { reason: 'invalid' | 'logout' }
  /** The hub reported new data versions; the console refetches what moved. */
  'data.versions': DataVersions
}
export type IpcEvent = keyof IpcEvents

/** What the preload puts on `window.desktop`. */
export interface DesktopBridge {
  invoke<C extends IpcChannel>(channel: C, payload: IpcPayload<C>): Promise<IpcResult<C>>
  on<E extends IpcEvent>(event: E, listener: (data: IpcEvents[E]) => void): () => void
}
