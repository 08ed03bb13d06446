import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensurePrivateDir } from './privateFiles'
import { conflict } from './refusal'

/**
 * Secrets at rest (data-source passwords, static tokens): AES-256-GCM, a fresh 96-bit nonce per
 * value, stored as `v1:` + base64(nonce | tag | ciphertext).
 *
 * The key comes from HUB_SECRET_KEY when set (derived with HKDF-SHA256), else from
 * `secret.key` in the hub's data directory, created on first use (32 random bytes, mode 0600).
 * Several hub nodes over one PostgreSQL store must share HUB_SECRET_KEY: each node's data
 * directory would otherwise hold a different key and the others' secrets would not decrypt.
 */
export const SECRET_KEY_FILE = 'secret.key'
const PREFIX = 'v1:'
const NONCE = 12
const TAG = 16

/** A stored secret that does not decrypt with this hub's key (another node's key, a damaged value). */
const secretUnreadable = conflict('msg_datasource_secret_unreadable')

const keys = new Map<string, Buffer>()

function keyFileIn(dataDir: string): Buffer {
  const file = join(dataDir, SECRET_KEY_FILE)
  ensurePrivateDir(dataDir)
  try {
    // 'wx': two hubs starting on one data directory must not overwrite each other's key.
    writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 })
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST') throw err
  }
  try {
    chmodSync(file, 0o600)
  } catch {
    // Not every file system keeps modes (e.g. on Windows); the key is still the key.
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key (base64)`)
  return key
}

/** The 32-byte key of a hub (cached: one file read per data directory). */
export function secretKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const configured = env.HUB_SECRET_KEY?.trim()
  const cacheKey = configured ? `env:${configured}` : `dir:${dataDir}`
  let key = keys.get(cacheKey)
  if (!key) {
    key = configured ? Buffer.from(hkdfSync('sha256', configured, 'datahub-secrets', 'aes-256-gcm', 32)) : keyFileIn(dataDir)
    keys.set(cacheKey, key)
  }
  return key
}

/** '' stays '' (no secret stored). */
export function encryptSecret(key: Buffer, plain: string): string {
  if (plain === '') return ''
  const nonce = randomBytes(NONCE)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64')
}

/** The plain secret; a value this key cannot open (another key, tampering) is a refusal. */
export function decryptSecret(key: Buffer, stored: string): string {
  if (stored === '') return ''
  if (!stored.startsWith(PREFIX)) throw secretUnreadable()
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64')
  if (raw.length < NONCE + TAG) throw secretUnreadable()
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE))
    decipher.setAuthTag(raw.subarray(NONCE, NONCE + TAG))
    return Buffer.concat([decipher.update(raw.subarray(NONCE + TAG)), decipher.final()]).toString('utf8')
  } catch {
    throw secretUnreadable()
  }
}
