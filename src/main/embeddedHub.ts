import type { HubControlMessage, HubProcessMessage } from './hubMessages'
import { isHubProcessMessage } from './hubMessages'

/** The few things the supervisor needs from a child process (Electron utilityProcess or Node fork). */
export interface HubChild {
  postMessage(message: HubControlMessage): void
  onMessage(listener: (message: unknown) => void): void
  onExit(listener: (code: number | null) => void): void
  kill(): void
}

export interface EmbeddedHubOptions {
  /** Starts hubProcess with these extra env vars (HUB_HOST, HUB_PORT, HUB_DATA_DIR, …). */
  fork: (env: Record<string, string>) => HubChild
  dataDir: string
  /** Extra env, e.g. HUB_SQLITE_BINDING. */
  env?: Record<string, string>
  /** First start runs migrations and hashes the admin password: allow it some time. */
  readyTimeoutMs?: number
  /** How long a 'stop' may take before the process is killed. */
  stopTimeoutMs?: number
  log?: (line: string) => void
}

export interface EmbeddedHubInfo {
  url: string
  bootstrapPassword: string | null
}

export interface EmbeddedHub {
  /** Starts the hub once; later calls return the same promise. Rejects with the reason it failed. */
  start(): Promise<EmbeddedHubInfo>
  /** The URL, starting the hub if needed; null when it cannot start or was stopped. */
  url(): Promise<string | null>
  /** Asks the hub to close its store and exit, then kills it if it does not. Final. */
  stop(): Promise<void>
}

/**
 * Supervises the embedded hub: one child process on 127.0.0.1 with a free port and the data
 * dir under the user's profile. Kept free of Electron so it is tested with a Node fork.
 */
export function createEmbeddedHub(options: EmbeddedHubOptions): EmbeddedHub {
  const readyTimeout = options.readyTimeoutMs ?? 60_000
  const stopTimeout = options.stopTimeoutMs ?? 5_000
  let child: HubChild | null = null
  let exited: Promise<void> | null = null
  let starting: Promise<EmbeddedHubInfo> | null = null
  let stopped = false

  function start(): Promise<EmbeddedHubInfo> {
    if (stopped) return Promise.reject(new Error('embedded hub stopped'))
    if (starting) return starting
    starting = new Promise<EmbeddedHubInfo>((resolve, reject) => {
      const c = options.fork({
        ...options.env,
        // Loopback only: the embedded hub serves this desktop, not the network.
        HUB_HOST: '127.0.0.1',
        // Always SQLite in the profile: a DATABASE_URL in the user's shell is for a standalone hub.
        DATABASE_URL: '',
        HUB_PORT: '0',
        HUB_DATA_DIR: options.dataDir,
      })
      child = c
      const timer = setTimeout(() => {
        reject(new Error(`embedded hub not ready after ${readyTimeout} ms`))
        c.kill()
      }, readyTimeout)
      exited = new Promise((done) =>
        c.onExit((code) => {
          clearTimeout(timer)
          child = null
          if (!stopped) options.log?.(`embedded hub exited with code ${code}`)
          reject(new Error(`embedded hub exited with code ${code} before it was ready`))
          done()
        }),
      )
      c.onMessage((message) => {
        if (!isHubProcessMessage(message)) return
        clearTimeout(timer)
        settle(message, resolve, reject)
      })
    })
    // A failed start can be retried (e.g. after the user frees the data dir).
    starting.catch(() => {
      starting = null
    })
    return starting
  }

  function settle(m: HubProcessMessage, resolve: (i: EmbeddedHubInfo) => void, reject: (e: Error) => void) {
    if (m.type === 'ready') resolve({ url: m.url, bootstrapPassword: m.bootstrapPassword })
    else reject(new Error(m.message))
  }

  return {
    start,
    async url() {
      try {
        return (await start()).url
      } catch {
        return null
      }
    },
    async stop() {
      stopped = true
      starting = null
      const c = child
      if (!c || !exited) return
      const gone = exited
      c.postMessage({ type: 'stop' })
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), stopTimeout)))
      if ((await Promise.race([gone, late])) === 'late') c.kill()
      clearTimeout(timer)
      await gone
    },
  }
}
