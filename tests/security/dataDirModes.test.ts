import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { fileUpload } from '../../src/shared/contract/platform/userCentre/files'
import { PASSWORD_FILE } from '../../src/hub/auth/bootstrap'
import { secretKey, SECRET_KEY_FILE } from '../../src/hub/kernel/secrets'
import { SQLITE_FILE } from '../../src/hub/store/connect'
import { openTestHub, postFile, signIn, type TestHub } from '../support/hub'
import { pngOf } from '../integration/userCentre/support'

/**
 * Adversarial probe (issue 21): the hub created hub.sqlite 0644, readable by every user of the
 * machine, and with it every stored hash and secret. Whatever the hub creates in its data
 * directory is for its own user only.
 */
const modeOf = async (path: string) => (await stat(path)).mode & 0o777

let parent: string
let dataDir: string
let hub: TestHub

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'dh-modes-'))
  // A directory the hub has to create itself (and its parent too).
  dataDir = join(parent, 'new', 'hub-data')
  // No configured admin password: the initial one is written into the data directory.
  hub = await openTestHub({ dataDir, databaseUrl: null, cleanup: async () => {} }, { adminPassword: null })
})
afterAll(async () => {
  await hub?.close()
  await rm(parent, { recursive: true, force: true })
})

it.skipIf(process.platform === 'win32')('creates the data directory 0700 and the files in it 0600', async () => {
  const password = (await readFile(join(dataDir, PASSWORD_FILE), 'utf8')).trim()
  const token = await signIn(hub.app, 'admin', password)
  const uploaded = await postFile<{ id: string }>(hub.app, fileUpload, { name: 'photo.png', bytes: pngOf(300) }, { token })
  expect(uploaded.body.code).toBe('2000')
  secretKey(dataDir, {})

  expect(await modeOf(dataDir)).toBe(0o700)
  expect(await modeOf(join(parent, 'new'))).toBe(0o700)
  for (const name of [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, PASSWORD_FILE, SECRET_KEY_FILE]) {
    expect([name, await modeOf(join(dataDir, name))]).toEqual([name, 0o600])
  }
  const files = join(dataDir, 'files')
  expect(await modeOf(files)).toBe(0o700)
  const stored = await readdir(files)
  expect(stored).toEqual([uploaded.body.data!.id])
  expect(await modeOf(join(files, stored[0]!))).toBe(0o600)
})
