import { createHmac, timingSafeEqual } from 'node:crypto'
import { decryptSecret } from '../../kernel/secrets'
import { messagingDb } from '../../platform/messaging/tables'
import type { HubDatabase } from '../../store/schema'
import type { Kysely } from 'kysely'
import type { SsoProvidersTable } from './tables'

/** A signed token is accepted this far from the hub's clock, either way. */
export const TOKEN_WINDOW_MS = 5 * 60_000

/** What the application signs: the uid, a line feed, the timestamp (epoch ms, decimal). */
export const signedText = (uid: string, timestamp: string): string => `${uid}\n${timestamp}`

/** The token an application with `secret` makes for uid and timestamp: lower-case hex HMAC-SHA256. */
export const signToken = (secret: string, uid: string, timestamp: string): string => createHmac('sha256', Buffer.from(secret, 'utf8')).update(signedText(uid, timestamp), 'utf8').digest('hex')

/** Whether the timestamp is within the window of `now`. */
export const withinWindow = (timestamp: string, now: number): boolean => {
  const at = Number(timestamp)
  return Number.isSafeInteger(at) && Math.abs(now - at) <= TOKEN_WINDOW_MS
}

/**
 * The `app` provider whose application signed this token, or null. Each enabled app provider
 * names a system authentication (platform administration); its secret, kept encrypted since
 * migration 0021 (secret_sealed), keys the HMAC. The expected and given tokens are compared as
 * bytes in constant time; a token of the wrong shape is compared against a zero buffer, so
 * neither its form nor the provider it misses says anything through timing.
 */
export async function signerOf(db: Kysely<HubDatabase>, key: Buffer, providers: readonly SsoProvidersTable[], uid: string, timestamp: string, token: string): Promise<SsoProvidersTable | null> {
  const given = /^[0-9a-f]{64}$/.test(token) ? Buffer.from(token, 'hex') : Buffer.alloc(32)
  const shapeOk = given.length === 32 && /^[0-9a-f]{64}$/.test(token)
  let found: SsoProvidersTable | null = null
  for (const provider of providers) {
    const auth = await messagingDb(db).selectFrom('sys_authentications').select(['status', 'secret_sealed']).where('app_code', '=', provider.app_code).executeTakeFirst()
    if (!auth || auth.status !== '1' || !auth.secret_sealed) continue
    let secret: string
    try {
      secret = decryptSecret(key, auth.secret_sealed)
    } catch {
      continue
    }
    const expected = Buffer.from(signToken(secret, uid, timestamp), 'hex')
    if (timingSafeEqual(expected, given) && shapeOk && !found) found = provider
  }
  return found
}
