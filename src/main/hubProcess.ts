/**
 * Entry of the embedded hub's own process. In the app it runs as an Electron utilityProcess
 * (messages through `process.parentPort`); in tests it is forked by plain Node
 * (`child_process.fork`, messages through `process.send`). It never imports electron.
 *
 * Protocol: sends {type:'ready', url, bootstrapPassword} or {type:'failed', message};
 * on {type:'stop'} — or when the parent goes away — closes the hub and exits.
 */
import { loadHubConfig } from '../hub/config'
import { startHub } from '../hub/server'
import type { HubControlMessage, HubProcessMessage } from './hubMessages'

interface ParentPortLike {
  postMessage(message: unknown): void
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown
}

const parentPort = (process as unknown as { parentPort?: ParentPortLike }).parentPort

function send(message: HubProcessMessage): void {
  if (parentPort) parentPort.postMessage(message)
  else process.send?.(message)
}

function onControl(listener: (message: HubControlMessage) => void): void {
  const handle = (m: unknown) => {
    if (m && typeof m === 'object' && (m as { type?: unknown }).type === 'stop') listener({ type: 'stop' })
  }
  if (parentPort) parentPort.on('message', (e) => handle(e.data))
  else process.on('message', handle)
}

const log = (line: string): void => void process.stdout.write(`[hub] ${line}\n`)

function main(): void {
  let closing: Promise<void> | null = null
  // Starts at once (a bad config becomes a 'failed' message, not a crash); a stop that
  // arrives while it starts waits for it, then closes it.
  const hub = Promise.resolve().then(() => startHub(loadHubConfig(process.argv.slice(2), process.env), { log }))
  const shutdown = (code: number) => {
    closing ??= hub
      .then((h) => h.close(), () => undefined)
      .catch((err: unknown) => log(`close failed: ${String(err)}`))
      .finally(() => process.exit(code))
  }
  onControl(() => shutdown(0))
  // A Node parent that dies closes the IPC channel: do not outlive it. (Electron kills its
  // utility processes itself when the app quits.)
  process.on('disconnect', () => shutdown(0))
  process.on('SIGTERM', () => shutdown(0))

  hub.then(
    (h) => {
      if (!closing) send({ type: 'ready', url: h.url, bootstrapPassword: h.bootstrapPassword })
    },
    (err: unknown) => {
      send({ type: 'failed', message: err instanceof Error ? err.message : String(err) })
      // Give the message time to leave before exiting.
      closing ??= new Promise(() => setTimeout(() => process.exit(1), 100))
    },
  )
}

main()
