import type { Insertable } from 'kysely'
import type { Endpoint } from '../../shared/endpoint'
import { ResultCode } from '../../shared/envelope'
import { clientAddress } from '../auth/clientAddress'
import type { AuditedCall, AuditPolicy, HubContext } from '../http/context'
import { accountRepository } from '../platform/accountRepository'
import type { NotedChange } from '../store/changes'
import { isoNow, newId } from '../store/ids'
import { auditRepository } from './auditRepository'
import { objectTypeOfEndpoint } from './objectTypes'
import { auditText, nameOf } from './redact'
import { logsDb, type AuditLogTable } from './tables'

/**
 * Which calls the audit log keeps, and how (README.md beside this file).
 *
 * - Sign-ins (the endpoint that issues a session), succeeded or refused.
 * - Every call an administrator's permission guards that changes something: the POST calls with
 *   a permission code, less those that only read (READING_POSTS), plus the few GET calls the
 *   spec made deletes (CHANGING_GETS). Refused ones too (no permission, stale version, invalid
 *   input…), with the code the caller got. A licence upload is such a call.
 * - A user's change of their own password (OWN_CHANGES).
 */
export const READING_POSTS: ReadonlySet<string> = new Set([
  'datahub.producer.schedulePreview',
  'datahub.producer.getColumnsByDataSourceNameAndSql',
  'datahub.producer.previewSqlData',
  'datahub.datasource.test',
  'datahub.file.upload.fieldMappingExcel',
  'datahub.file.preview.fieldMappingExcel',
  'platform.orgPosition.getPositionByOrgCodes',
  'platform.user.findUserByOrgPositionAndRole',
  'platform.langType.queryUsedAndActive',
  'platform.emailServer.sendTestMail',
])
export const CHANGING_GETS: ReadonlySet<string> = new Set([
  'platform.role.delete',
  'platform.position.delete',
  'platform.org.orgUnBlindPosition',
  'platform.parameter.remove',
  'platform.refreshRoute',
  'platform.client.router.delete',
])
export const OWN_CHANGES: ReadonlySet<string> = new Set(['platform.me.changePassword'])

/** Tables whose rows are traces of a change, not objects an administrator changes. */
const TRACE_TABLES: ReadonlySet<string> = new Set(['version_backtracks', 'sessions', 'login_attempts', 'data_versions', 'behaviour_events'])

export function audited(endpoint: Endpoint): boolean {
  if (endpoint.session === 'issues' || OWN_CHANGES.has(endpoint.id)) return true
  if (!endpoint.permission) return false
  return endpoint.method === 'POST' ? !READING_POSTS.has(endpoint.id) : CHANGING_GETS.has(endpoint.id)
}

/** The header the desktop console's main process sends (src/main/services/hubProxy.ts). */
export const CLIENT_HEADER = 'x-datahub-client'

/**
 * Desktop or API, from what the request carries: the desktop console's proxy names itself in
 * X-Datahub-Client ('desktop'); any other caller (a script, another console speaking the
 * contract) is 'api'. The header is the caller's word, like a User-Agent: it tells an
 * administrator how the change came in, it proves nothing.
 */
export function channelOf(headers: AuditedCall['headers']): 'desktop' | 'api' {
  const value = headers[CLIENT_HEADER]
  return (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase().startsWith('desktop') ? 'desktop' : 'api'
}

const asObject = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' ? (Array.isArray(v) ? { items: v } : (v as Record<string, unknown>)) : null
const textField = (v: Record<string, unknown> | null, key: string): string => (typeof v?.[key] === 'string' ? (v[key] as string).trim().slice(0, 200) : '')

/** Who made the call: the session's user, or for a sign-in the account it named (the answer's, when it succeeded). */
async function caller(hub: HubContext, call: AuditedCall): Promise<{ userId: string | null; username: string }> {
  if (call.session) return { userId: call.session.userId, username: (await accountRepository.usernameOf(hub.store.db, call.session.userId)) ?? '' }
  const data = asObject(call.data)
  if (data && typeof data.id === 'string') return { userId: data.id, username: textField(data, 'username') }
  return { userId: null, username: textField(asObject(call.raw), 'username') }
}

/** The audit rows of one call: one per object it changed, or one for the call itself. */
export async function auditRows(hub: HubContext, call: AuditedCall, now = Date.now()): Promise<Insertable<AuditLogTable>[]> {
  const who = await caller(hub, call)
  const base = {
    call_id: newId(),
    at: isoNow(now),
    user_id: who.userId,
    username: who.username,
    address: clientAddress(call.ip),
    channel: channelOf(call.headers),
    action: call.endpoint.id,
    outcome: call.code === ResultCode.success ? 'success' : 'refused',
    code: call.code,
  }
  const changes = call.code === ResultCode.success ? call.changes.filter((c) => !TRACE_TABLES.has(c.objectType)) : []
  if (changes.length > 0) return changes.map((c: NotedChange) => ({ ...base, id: newId(), object_type: c.objectType, object_id: c.objectId, object_name: nameOf(c.after ?? c.before), before: auditText(c.before), after: auditText(c.after) }))
  // Nothing the store layer could name (a sign-in, a refusal, a write of its own SQL): the call
  // itself, with what it asked for as its `after`.
  const input = asObject(call.raw)
  const signIn = call.endpoint.session === 'issues'
  return [{
    ...base,
    id: newId(),
    object_type: signIn ? 'session' : objectTypeOfEndpoint(call.endpoint.id),
    object_id: textField(input, 'id'),
    object_name: signIn ? who.username : nameOf(input),
    before: null,
    after: signIn ? null : auditText(input),
  }]
}

/** The audit policy the registrar is given (app.ts). */
export const hubAudit: AuditPolicy = {
  covers: audited,
  async record(hub, call) {
    try {
      await auditRepository.add(logsDb(hub.store.db), await auditRows(hub, call))
    } catch (err) {
      hub.log(`[audit] recording ${call.endpoint.id} failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  },
}
