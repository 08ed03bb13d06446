import type { DesktopBridge, IpcEvent, IpcEvents } from '../shared/ipc'
import { IPC_CHANNELS } from '../shared/ipc'

/** Every event of IpcEvents, listed once; the type check fails when one is missing. */
export const IPC_EVENTS = ['session.ended', 'data.versions', 'locale.changed', 'incident.open', 'deepLink.open'] as const satisfies readonly IpcEvent[]
type Missing = Exclude<IpcEvent, (typeof IPC_EVENTS)[number]>
const _allEventsListed: Missing extends never ? true : never = true

/** The part of ipcRenderer the bridge uses (injected so the bridge is tested without Electron). */
export interface IpcRendererLike {
  invoke(channel: string, payload: unknown): Promise<unknown>
  on(channel: string, listener: (event: unknown, data: unknown) => void): unknown
  removeListener(channel: string, listener: (event: unknown, data: unknown) => void): unknown
}

/**
 * window.desktop: `invoke` on the channels of the IPC contract, `on` for its events, nothing
 * else. The Electron event object never reaches the page (it carries `sender`), and neither
 * does ipcRenderer itself.
 */
export function createBridge(ipc: IpcRendererLike): DesktopBridge {
  const channels = new Set<string>(IPC_CHANNELS)
  const events = new Set<string>(IPC_EVENTS)
  return Object.freeze({
    invoke(channel, payload) {
      if (!channels.has(channel)) return Promise.reject(new Error(`unknown IPC channel: ${String(channel)}`))
      return ipc.invoke(channel, payload) as ReturnType<DesktopBridge['invoke']>
    },
    on(event, listener) {
      if (!events.has(event)) throw new Error(`unknown IPC event: ${String(event)}`)
      const forward = (_event: unknown, data: unknown) => listener(data as IpcEvents[typeof event])
      ipc.on(event, forward)
      return () => void ipc.removeListener(event, forward)
    },
  } satisfies DesktopBridge)
}
