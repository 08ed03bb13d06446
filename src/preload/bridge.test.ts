import { describe, expect, it, vi } from 'vitest'
import { createBridge, type IpcRendererLike } from './bridge'

type Listener = (event: unknown, data: unknown) => void

// A stand-in for Electron's ipcRenderer, which cannot load outside Electron (and the preload
// may not import Node's events module).
function fakeIpc() {
  const listeners = new Map<string, Set<Listener>>()
  const bus = {
    emit: (channel: string, event: unknown, data: unknown) => listeners.get(channel)?.forEach((l) => l(event, data)),
    listenerCount: (channel: string) => listeners.get(channel)?.size ?? 0,
  }
  const ipc: IpcRendererLike & { bus: typeof bus } = {
    bus,
    invoke: vi.fn(async (channel: string, payload: unknown) => ({ channel, payload })),
    on: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
  }
  return ipc
}

describe('window.desktop bridge', () => {
  it('exposes invoke and on, and nothing else', () => {
    const bridge = createBridge(fakeIpc())
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on'])
    expect(Object.isFrozen(bridge)).toBe(true)
  })

  it('invokes the channels of the IPC contract', async () => {
    const ipc = fakeIpc()
    const bridge = createBridge(ipc)
    await expect(bridge.invoke('hub.call', { endpoint: 'platform.me' })).resolves.toEqual({ channel: 'hub.call', payload: { endpoint: 'platform.me' } })
  })

  it('refuses any other channel without touching IPC', async () => {
    const ipc = fakeIpc()
    const bridge = createBridge(ipc)
    for (const channel of ['shell.openExternal', 'ELECTRON_BROWSER_REQUIRE', 'hub.call ', '__proto__']) {
      await expect(bridge.invoke(channel as never, undefined as never)).rejects.toThrow('unknown IPC channel')
    }
    expect(ipc.invoke).not.toHaveBeenCalled()
  })

  it('delivers events without Electron\'s event object, until unsubscribed', () => {
    const ipc = fakeIpc()
    const bridge = createBridge(ipc)
    const seen: unknown[] = []
    const off = bridge.on('session.ended', (data) => seen.push(data))
    ipc.bus.emit('session.ended', { sender: 'secret' }, { reason: 'invalid' })
    off()
    ipc.bus.emit('session.ended', { sender: 'secret' }, { reason: 'logout' })
    expect(seen).toEqual([{ reason: 'invalid' }])
    expect(ipc.bus.listenerCount('session.ended')).toBe(0)
  })

  it('refuses to listen to anything but the contract\'s events', () => {
    const bridge = createBridge(fakeIpc())
    expect(() => bridge.on('ipc-message' as never, () => {})).toThrow('unknown IPC event')
  })
})
