import { fork, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { importEndpoints } from '../../src/shared/contract/platform/admin/transfer'
import { login } from '../../src/shared/contract/platform/session'
import { resolvePath } from '../../src/shared/endpoint'

/**
 * The hub as the app ships it: out/main/hubProcess.js from `npm run build`, forked by plain Node
 * where the app uses Electron's utilityProcess. The other hub tests run the TypeScript sources;
 * this one proves the bundle starts, serves the contract, and finds its worker-thread entries
 * (out/main/workbookWorker.js) beside it — a worker missing from the bundle fails only here.
 *
 * Needs a fresh build: `npm test` builds first and says so with DH_PACKAGING_PREBUILT=1. Run by
 * hand without it, the check is skipped (with CI=true, a failure).
 */
const root = path.resolve(__dirname, '../..')
const entry = path.join(root, 'out/main/hubProcess.js')
const fresh = process.env.DH_PACKAGING_PREBUILT === '1' && existsSync(entry)
if (!fresh && process.env.CI === 'true') throw new Error('CI=true: the built hub (out/main/hubProcess.js from npm run build) is missing')

const PASSWORD = 'Bundle#Pass1'
const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

describe.skipIf(!fresh)(`the built hub process (out/main/hubProcess.js)${fresh ? '' : ' — skipped: run npm run build and set DH_PACKAGING_PREBUILT=1'}`, () => {
  it('starts, signs in, and parses an uploaded workbook in its bundled worker thread', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dh-built-hub-'))
    dirs.push(dataDir)
    const child = fork(entry, [], {
      env: { ...process.env, HUB_HOST: '127.0.0.1', HUB_PORT: '0', HUB_DATA_DIR: dataDir, HUB_ADMIN_PASSWORD: PASSWORD },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    try {
      const ready = await new Promise<{ type: string; url?: string; message?: string }>((resolve, reject) => {
        child.once('message', (m) => resolve(m as { type: string; url?: string }))
        child.once('exit', (code) => reject(new Error(`the built hub exited with ${code}`)))
      })
      expect(ready).toMatchObject({ type: 'ready', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) })
      const url = ready.url!

      const signedIn = await fetch(`${url}${resolvePath(login, {}).path}?t=${Date.now()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      }).then((r) => r.json() as Promise<{ code: string; data: { token: string } }>)
      expect(signedIn.code).toBe('2000')

      const book = XLSX.utils.book_new()
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['roleCode', 'roleName'], ['bundled', 'Bundled']]), 'Sheet1')
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)]), 'role.xlsx')
      const imported = await fetch(`${url}${resolvePath(importEndpoints.role, {}).path}?t=${Date.now()}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${signedIn.data.token}` },
        body: form,
      }).then((r) => r.json() as Promise<{ code: string; data: unknown }>)
      expect(imported).toMatchObject({ code: '2000', data: { imported: 1 } })
    } finally {
      child.send({ type: 'stop' })
      await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(null)))
    }
  })
})

/**
 * The hub for a team as plain JavaScript (issue 38): `node out/main/hub.js`, the package's `bin`,
 * started by Node alone from a folder outside the repository — no tsx, no TypeScript.
 */
describe.skipIf(!fresh)('the built standalone hub (out/main/hub.js)', () => {
  const standalone = path.join(root, 'out/main/hub.js')

  it('is the package bin, with a shebang', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { bin?: Record<string, string> }
    expect(pkg.bin).toEqual({ 'datahub-hub': 'out/main/hub.js' })
    expect(readFileSync(standalone, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
  })

  it('starts with plain node from another folder, says where it listens (as JSON lines when asked), answers health, and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dh-standalone-hub-'))
    dirs.push(dataDir)
    const child = spawn(process.execPath, [standalone, '--port', '0', '--data-dir', dataDir], {
      cwd: tmpdir(),
      env: { ...process.env, HUB_ADMIN_PASSWORD: PASSWORD, HUB_LOG_FORMAT: 'json', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (c) => (out += c))
    child.stderr.on('data', (c) => (err += c))
    const exited = new Promise<number | null>((done) => child.once('exit', done))
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
          if (m) resolve(m[1]!)
        })
        void exited.then((code) => reject(new Error(`the standalone hub exited with ${code}: ${err}`)))
      })
      expect(out).toContain(`on SQLite in ${dataDir}`)
      const health = await fetch(`${url}/api/health`).then((r) => r.json() as Promise<{ code: string; data: { store: string } }>)
      expect(health).toMatchObject({ code: '2000', data: { store: 'sqlite' } })
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
    // Every line a log collector reads is one JSON object (HUB_LOG_FORMAT=json).
    const lines = out.trimEnd().split('\n').map((l) => JSON.parse(l) as { level: string; message: string })
    expect(lines.map((l) => l.message)).toEqual(expect.arrayContaining([expect.stringMatching(/listening on http:\/\/127\.0\.0\.1:\d+$/), 'SIGTERM: stopping the hub…']))
    expect(lines.every((l) => typeof l.level === 'string')).toBe(true)
  })
})
