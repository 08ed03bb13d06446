import { fork } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
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
