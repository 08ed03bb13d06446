import type { IpcChannel, IpcEvent, IpcEvents, IpcPayload, IpcResult } from '../../shared/ipc'

/** Thrown by `invoke` when the page runs without the preload bridge. */
export class BridgeUnavailableError extends Error {
  constructor() {
    super('window.desktop is not available')
    this.name = 'BridgeUnavailableError'
  }
}

export const hasBridge = (): boolean => typeof window !== 'undefined' && window.desktop != null

/** One IPC call; rejects with BridgeUnavailableError outside the desktop app. */
export async function invoke<C extends IpcChannel>(channel: C, payload: IpcPayload<C>): Promise<IpcResult<C>> {
  const desktop = typeof window !== 'undefined' ? window.desktop : undefined
  if (!desktop) throw new BridgeUnavailableError()
  return desktop.invoke(channel, payload)
}

/** Listen to a main-process event; without the bridge there are none, so the unsubscribe is a no-op. */
export function onDesktopEvent<E extends IpcEvent>(event: E, listener: (data: IpcEvents[E]) => void): () => void {
  const desktop = typeof window !== 'undefined' ? window.desktop : undefined
  return desktop ? desktop.on(event, listener) : () => {}
}
