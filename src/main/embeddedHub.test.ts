import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEmbeddedHub, type HubChild } from './embeddedHub'

/**
 * The supervisor with a stand-in child process (a real forked hub is in
 * tests/integration/main/hubProcess.test.ts).
 */
class FakeChild implements HubChild {
  readonly bus = new EventEmitter()
  readonly sent: unknown[] = []
  killed = false
  env: Record<string, string> = {}
  postMessage(message: unknown) {
    this.sent.push(message)
  }
  onMessage(listener: (m: unknown) => void) {
    this.bus.on('message', listener)
  }
  onExit(listener: (code: number | null) => void) {
    this.bus.on('exit', listener)
  }
  kill() {
    this.killed = true
    this.bus.emit('exit', null)
  }
  say(message: unknown) {
    this.bus.emit('message', message)
  }
  exit(code: number) {
    this.bus.emit('exit', code)
  }
}

function setup(options: { readyTimeoutMs?: number; stopTimeoutMs?: number } = {}) {
  const children: FakeChild[] = []
  const hub = createEmbeddedHub({
    fork: (env) => {
      const c = new FakeChild()
      c.env = env
      children.push(c)
      return c
    },
    dataDir: '/home/u/.config/DataHub Console/hub',
    env: { HUB_SQLITE_BINDING: '/app/resources/native/better_sqlite3.node' },
    ...options,
  })
  return { hub, children }
}

afterEach(() => vi.useRealTimers())

describe('embedded hub supervisor', () => {
  it('starts one hub on loopback with a free port and the profile\'s data dir', async () => {
    const { hub, children } = setup()
    const started = hub.start()
    expect(hub.start()).toBe(started)
    children[0]?.say({ type: 'ready', url: 'http://127.0.0.1:41234', bootstrapPassword: 'Pw-1' })
    expect(await started).toEqual({ url: 'http://127.0.0.1:41234', bootstrapPassword: 'Pw-1' })
    expect(await hub.url()).toBe('http://127.0.0.1:41234')
    expect(children).toHaveLength(1)
    expect(children[0]?.env).toEqual({
      HUB_HOST: '127.0.0.1',
      DATABASE_URL: '',
      HUB_PORT: '0',
      HUB_DATA_DIR: '/home/u/.config/DataHub Console/hub',
      HUB_SQLITE_BINDING: '/app/resources/native/better_sqlite3.node',
    })
  })

  it('reports why the hub failed, and tries again on the next start', async () => {
    const { hub, children } = setup()
    const first = hub.start()
    children[0]?.say({ type: 'failed', message: 'database is locked' })
    await expect(first).rejects.toThrow('database is locked')
    const second = hub.start()
    children[1]?.say({ type: 'ready', url: 'http://127.0.0.1:5000', bootstrapPassword: null })
    await expect(second).resolves.toMatchObject({ url: 'http://127.0.0.1:5000' })
  })

  it('fails when the process dies before it is ready', async () => {
    const { hub, children } = setup()
    const started = hub.start()
    children[0]?.exit(1)
    await expect(started).rejects.toThrow('exited with code 1')
  })

  it('gives up and kills a hub that never gets ready', async () => {
    vi.useFakeTimers()
    const { hub, children } = setup({ readyTimeoutMs: 1000 })
    const started = hub.start()
    const outcome = expect(started).rejects.toThrow('not ready after 1000 ms')
    await vi.advanceTimersByTimeAsync(1001)
    await outcome
    expect(children[0]?.killed).toBe(true)
  })

  it('ignores stray messages', async () => {
    const { hub, children } = setup()
    const started = hub.start()
    children[0]?.say('hello')
    children[0]?.say({ type: 'ready', url: 42 })
    children[0]?.say({ type: 'ready', url: 'http://127.0.0.1:1', bootstrapPassword: null })
    await expect(started).resolves.toMatchObject({ url: 'http://127.0.0.1:1' })
  })

  it('asks the hub to stop and waits for it to exit', async () => {
    const { hub, children } = setup()
    const started = hub.start()
    children[0]?.say({ type: 'ready', url: 'http://127.0.0.1:1', bootstrapPassword: null })
    await started
    const stopping = hub.stop()
    expect(children[0]?.sent).toEqual([{ type: 'stop' }])
    children[0]?.exit(0)
    await stopping
    expect(children[0]?.killed).toBe(false)
    expect(await hub.url()).toBeNull()
  })

  it('kills a hub that does not stop in time', async () => {
    vi.useFakeTimers()
    const { hub, children } = setup({ stopTimeoutMs: 500 })
    const started = hub.start()
    children[0]?.say({ type: 'ready', url: 'http://127.0.0.1:1', bootstrapPassword: null })
    await started
    const stopping = hub.stop()
    await vi.advanceTimersByTimeAsync(501)
    await stopping
    expect(children[0]?.killed).toBe(true)
  })
})
