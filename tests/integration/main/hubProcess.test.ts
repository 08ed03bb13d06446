import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createEmbeddedHub } from '../../../src/main/embeddedHub'
import { forkWithNode, HUB_PROCESS_ENTRY } from './nodeFork'

/**
 * The embedded hub's process entry, forked by plain Node (tsx) where the app uses Electron's
 * utilityProcess: it starts a real hub on loopback and stops with its parent.
 */
const dirs: string[] = []
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'dh-hubproc-'))
  dirs.push(d)
  return d
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

const health = async (url: string) => {
  const res = await fetch(`${url}/api/health`)
  return (await res.json()) as { code: string; data: { store: string } }
}

/** Gone, or a zombie nobody reaps (containers without an init). */
const isGone = (pid: number) => {
  try {
    process.kill(pid, 0)
  } catch {
    return true
  }
  const status = existsSync(`/proc/${pid}/status`) ? readFileSync(`/proc/${pid}/status`, 'utf8') : ''
  return /^State:\s+Z/m.test(status)
}
async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (check()) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return check()
}

describe('embedded hub process', () => {
  it('starts a real hub on 127.0.0.1 that serves /api/health, and stops on request', async () => {
    const dataDir = tempDir()
    let pid = 0
    const hub = createEmbeddedHub({ fork: (env) => forkWithNode(env, (p) => (pid = p)), dataDir, log: () => {} })
    const { url, bootstrapPassword } = await hub.start()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await health(url)).toMatchObject({ code: '2000', data: { store: 'sqlite' } })
    // First start without HUB_ADMIN_PASSWORD: a generated password for the sign-in page.
    expect(bootstrapPassword).toEqual(expect.any(String))
    await hub.stop()
    expect(isGone(pid)).toBe(true)
    await expect(fetch(`${url}/api/health`)).rejects.toThrow()
  })

  it('does not outlive a parent that dies', async () => {
    const parent = spawn(process.execPath, [path.join(import.meta.dirname, 'fixtures/hubParent.mjs'), HUB_PROCESS_ENTRY], {
      env: { ...process.env, HUB_HOST: '127.0.0.1', HUB_PORT: '0', HUB_DATA_DIR: tempDir(), HUB_ADMIN_PASSWORD: 'Parent-Test-9!' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const line = await new Promise<string>((resolve, reject) => {
      let out = ''
      parent.stdout.on('data', (b: Buffer) => {
        out += b.toString()
        if (out.includes('\n')) resolve(out.split('\n')[0]!)
      })
      parent.once('exit', () => reject(new Error('parent exited early')))
    })
    const { pid, url } = JSON.parse(line) as { pid: number; url: string }
    expect(await health(url)).toMatchObject({ code: '2000' })
    parent.kill('SIGKILL')
    expect(await waitUntil(() => isGone(pid), 15_000)).toBe(true)
  })

  it('reports a hub that cannot start instead of hanging', async () => {
    const notADir = path.join(tempDir(), 'file')
    writeFileSync(notADir, 'in the way')
    const hub = createEmbeddedHub({ fork: (env) => forkWithNode(env), dataDir: notADir, readyTimeoutMs: 20_000 })
    // The hub's own reason reaches the caller (and the main-process log).
    await expect(hub.start()).rejects.toThrow(/EEXIST|ENOTDIR/)
  })
})
