import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Refusal } from './refusal'
import { decryptSecret, encryptSecret, SECRET_KEY_FILE, secretKey } from './secrets'

describe('secrets at rest', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dh-secret-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('creates one key file, readable by the owner only, and keeps using it', async () => {
    const key = secretKey(dir, {})
    expect(key).toHaveLength(32)
    const file = join(dir, SECRET_KEY_FILE)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').equals(key)).toBe(true)
    expect(secretKey(dir, {}).equals(key)).toBe(true)
  })

  it('round-trips, with a fresh nonce each time, and refuses tampering or another key', () => {
    const key = secretKey(dir, {})
    const a = encryptSecret(key, 'pässword')
    const b = encryptSecret(key, 'pässword')
    expect(a).not.toBe(b)
    expect(decryptSecret(key, a)).toBe('pässword')
    expect(encryptSecret(key, '')).toBe('')
    const raw = Buffer.from(a.slice(3), 'base64')
    raw[raw.length - 1]! ^= 1
    expect(() => decryptSecret(key, `v1:${raw.toString('base64')}`)).toThrow(Refusal)
    const other = secretKey(dir, { HUB_SECRET_KEY: 'shared by every node' })
    expect(other.equals(key)).toBe(false)
    expect(() => decryptSecret(other, a)).toThrow(Refusal)
    // The configured key is the same on every node (derived, not random).
    expect(secretKey('/elsewhere', { HUB_SECRET_KEY: 'shared by every node' }).equals(other)).toBe(true)
  })
})
