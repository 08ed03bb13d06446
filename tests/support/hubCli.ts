import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..', '..')

/** A hub started as `npm run hub` starts it: a separate Node process with tsx, no Electron. */
export interface HubCli {
  child: ChildProcess
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>
  /** Waits until the output matches; throws with the output so far when it does not in time. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>
  /** stdout and stderr so far, interleaved. */
  output(): string
}

const started: ChildProcess[] = []

/**
 * Runs src/hub/cli.ts with `args`; the environment is the test's, without the admin password
 * and database URL the test run may carry, plus `env`.
 */
export function runHubCli(args: string[], env: Record<string, string> = {}): HubCli {
  // DH_HUB_NODE_ARGS: extra node flags for the hub process (e.g. `--cpu-prof` to profile a bench's hub).
  const nodeArgs = (process.env.DH_HUB_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/hub/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, HUB_ADMIN_PASSWORD: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)))
  // 'close' comes after the last output was read; a hub that ended says nothing more.
  let closed = false
  child.on('close', () => (closed = true))
  const waitFor = async (pattern: RegExp, ms = 20_000): Promise<RegExpMatchArray> => {
    const until = Date.now() + ms
    while (Date.now() < until) {
      const ended = closed
      const m = out.match(pattern)
      if (m) return m
      if (ended) break
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error(`no ${pattern} in the hub's output:\n${out}`)
  }
  return { child, exited, waitFor, output: () => out }
}

/** The URL a started hub listens on, once it says so. */
export const listeningUrl = async (hub: HubCli): Promise<string> => (await hub.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!

/** Kills every hub still running (afterEach): a failed test must not leave one behind. */
export function killHubClis(): void {
  for (const c of started.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
}
