import { spawn } from 'node:child_process'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSqliteLocation, type StoreLocation } from '../../support/stores'

const children: ReturnType<typeof spawn>[] = []

/** `npm run hub` as an operator runs it: a separate Node process, no Electron. */
function runCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/hub/cli.ts', ...args], {
    env: { ...process.env, HUB_ADMIN_PASSWORD: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)))
  const waitFor = async (pattern: RegExp, ms = 20_000): Promise<RegExpMatchArray> => {
    const until = Date.now() + ms
    while (Date.now() < until) {
      const m = out.match(pattern)
      if (m) return m
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`no ${pattern} in output:\n${out}`)
  }
  return { child, exited, waitFor, output: () => out }
}

describe('npm run hub', () => {
  let location: StoreLocation
  beforeEach(async () => {
    location = await createSqliteLocation()
  })
  afterEach(async () => {
    // A failed test must not leave its hub running.
    for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL')
    await location.cleanup()
  })

  it('prints the URL and the initial password, serves, and stops cleanly on SIGTERM', async () => {
    const hub = runCli(['--data-dir', location.dataDir, '--port', '0'])
    const password = (await hub.waitFor(/initial password: (\S+)/))[1]
    const url = (await hub.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]
    const health = await (await fetch(`${url}/api/health`)).json()
    expect(health).toMatchObject({ code: '2000', data: { store: 'sqlite' } })
    const signIn = await fetch(`${url}/api/inner/platform/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) })
    expect((await signIn.json()).code).toBe('2000')
    hub.child.kill('SIGTERM')
    expect(await hub.exited).toBe(0)
  })

  it('explains a bad setting in one line and exits with status 2', async () => {
    const hub = runCli(['--port', 'eighty'])
    expect(await hub.exited).toBe(2)
    expect(hub.output().trim()).toBe("error: --port / HUB_PORT must be a whole number from 0 to 65535 (0 picks a free port), got 'eighty'")
  })
})
