import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import type { HubConfig } from '../../config'
import { secretKey } from '../../kernel/secrets'
import { isoNow } from '../../store/ids'
import { linkExpired, linkInvalid, linkUsed } from '../refusals'
import type { ApprovalsDb } from '../tables'

/**
 * The approval mail's link token: `<payload>.<signature>`, both base64url; the payload names a
 * random nonce, the task, the approver and the expiry, signed with HMAC-SHA256 under a key
 * derived from the hub's secret key (HUB_SECRET_KEY or secret.key: every node of a store shares
 * it). The store keeps only the nonce with its task, approver, expiry and when it was used, so
 * a token is checked twice — by its signature and by its row — and works once: deciding the
 * task marks the row used in the same transaction. The token itself is never stored.
 */
export const APPROVAL_LINK_HOURS = 72

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url')
const keyOf = (config: Pick<HubConfig, 'dataDir'>) => Buffer.from(hkdfSync('sha256', secretKey(config.dataDir), 'datahub-approvals', 'approval-link', 32))
const sign = (config: Pick<HubConfig, 'dataDir'>, payload: string) => createHmac('sha256', keyOf(config)).update(payload).digest()

interface Payload {
  n: string
  t: string
  u: string
  e: string
}

export interface LinkGrant {
  nonce: string
  taskId: string
  userId: string
  expiresAt: string
}

export async function issueLink(db: ApprovalsDb, config: Pick<HubConfig, 'dataDir'>, taskId: string, userId: string, now = Date.now()): Promise<{ token: string; expiresAt: string }> {
  const nonce = randomBytes(18).toString('base64url')
  const expiresAt = isoNow(now + APPROVAL_LINK_HOURS * 3_600_000)
  await db.insertInto('wf_mail_tokens').values({ nonce, task_id: taskId, user_id: userId, expires_at: expiresAt, used_at: null, created_at: isoNow(now) }).execute()
  const payload = b64(JSON.stringify({ n: nonce, t: taskId, u: userId, e: expiresAt } satisfies Payload))
  return { token: `${payload}.${b64(sign(config, payload))}`, expiresAt }
}

/** The grant a token carries, or the refusal: invalid (forged, altered, unknown), used, expired. Does not use it up. */
export async function readLink(db: ApprovalsDb, config: Pick<HubConfig, 'dataDir'>, token: string, now = Date.now()): Promise<LinkGrant> {
  const [payload, signature, extra] = token.split('.')
  if (!payload || !signature || extra !== undefined) throw linkInvalid()
  const expected = sign(config, payload)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw linkInvalid()
  let p: Payload
  try {
    p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Payload
  } catch {
    throw linkInvalid()
  }
  const row = await db.selectFrom('wf_mail_tokens').selectAll().where('nonce', '=', String(p.n)).executeTakeFirst()
  if (!row || row.task_id !== p.t || row.user_id !== p.u) throw linkInvalid()
  if (row.used_at) throw linkUsed()
  if (row.expires_at < isoNow(now)) throw linkExpired()
  return { nonce: row.nonce, taskId: row.task_id, userId: row.user_id, expiresAt: row.expires_at }
}

/** Uses the link up; a second use (two clicks, two nodes) finds it used. */
export async function useLink(db: ApprovalsDb, grant: LinkGrant, now = Date.now()): Promise<void> {
  const done = await db.updateTable('wf_mail_tokens').set({ used_at: isoNow(now) }).where('nonce', '=', grant.nonce).where('used_at', 'is', null).executeTakeFirst()
  if (done.numUpdatedRows === 0n) throw linkUsed()
}
