import { createHash } from 'node:crypto'
import { isoNow } from '../../store/ids'
import type { SsoDb } from './tables'

/** What /sso/authorize keeps of an authorization until its callback comes (sso_flows). */
export interface PendingFlow {
  state: string
  providerId: string
  redirectUri: string
  nonce: string
  codeVerifier: string
}

/**
 * The short-lived, single-use records of single sign-on, in the store so that every hub node
 * sees them: authorizations begun (by state) and the tickets and tokens already presented (by
 * their SHA-256: the store never holds one that could be presented again).
 */
export const flowRepository = {
  async begin(db: SsoDb, flow: PendingFlow, expiresAt: number): Promise<void> {
    await db
      .insertInto('sso_flows')
      .values({ state: flow.state, provider_id: flow.providerId, redirect_uri: flow.redirectUri, nonce: flow.nonce, code_verifier: flow.codeVerifier, expires_at: isoNow(expiresAt) })
      .execute()
  },

  /**
   * Takes the flow of this state, once: the delete that finds the row is the one use, so two
   * callbacks racing with one state get it once between them. Expired flows are dropped here.
   */
  async take(db: SsoDb, state: string, now: number): Promise<PendingFlow | null> {
    await db.deleteFrom('sso_flows').where('expires_at', '<', isoNow(now)).execute()
    const row = await db.selectFrom('sso_flows').selectAll().where('state', '=', state).executeTakeFirst()
    if (!row) return null
    const taken = await db.deleteFrom('sso_flows').where('state', '=', state).executeTakeFirst()
    if (taken.numDeletedRows === 0n) return null
    return { state: row.state, providerId: row.provider_id, redirectUri: row.redirect_uri, nonce: row.nonce, codeVerifier: row.code_verifier }
  },

  /**
   * Marks what was presented (a CAS ticket, a signed token) as used until `until`; false when it
   * already was. The insert is the check, so concurrent presentations on several nodes get one yes.
   */
  async useOnce(db: SsoDb, kind: 'cas' | 'app', presented: string, until: number, now: number): Promise<boolean> {
    await db.deleteFrom('sso_used').where('expires_at', '<', isoNow(now)).execute()
    const digest = `${kind}:${createHash('sha256').update(presented, 'utf8').digest('hex')}`
    const result = await db.insertInto('sso_used').values({ digest, expires_at: isoNow(until) }).onConflict((oc) => oc.column('digest').doNothing()).executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
  },
}
