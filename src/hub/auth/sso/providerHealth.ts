import type { ProviderHealth } from '../../../shared/contract/platform/identityProviders'
import type { Locale } from '../../../shared/locale'
import { translateMessage } from '../../../../locales'
import type { HubContext } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { fieldRefusal } from '../../http/validation'
import { messagingDb } from '../../platform/messaging/tables'
import { casBase } from './cas'
import { discover } from './oidc'
import { answerText, ProviderUnreachable, providerRequest } from './outbound'
import { statusNot200, unreachable } from './refusals'
import { SignInRefused } from './signInRefused'
import type { SsoProvidersTable } from './tables'

type Hub = Pick<HubContext, 'config' | 'store'>

/** Where the connection test calls: the discovery document, the CAS login page, or (app) the app code whose secret signs. */
export function addressOf(row: SsoProvidersTable): string {
  if (row.kind === 'oidc') return `${row.server_url.replace(/\/+$/, '')}/.well-known/openid-configuration`
  if (row.kind === 'cas') return `${casBase(row.server_url)}/login`
  return row.app_code
}

/**
 * The connection test: OIDC runs discovery (and so proves the issuer answers its document with
 * itself as issuer); CAS asks for the server's login page; an app provider checks its system
 * authentication is enabled and has a secret the hub can sign with. What it answered, or the
 * refusal sign-in would give, its message saying what failed.
 */
export async function checkConnection(hub: Hub, row: SsoProvidersTable): Promise<string> {
  if (row.kind === 'oidc') {
    try {
      const meta = (await discover(hub, row)).serverMetadata()
      return `${meta.issuer} → ${meta.authorization_endpoint ?? ''}`
    } catch (err) {
      throw err instanceof SignInRefused ? err.refusal : err
    }
  }
  if (row.kind === 'cas') {
    const url = addressOf(row)
    let answer
    try {
      answer = await providerRequest(hub, url, { headers: { accept: 'text/html, */*' } })
    } catch (err) {
      if (err instanceof ProviderUnreachable) throw unreachable(err)
      throw err
    }
    if (answer.status >= 400) throw statusNot200({ status: answer.status, url })
    return `${url} → HTTP ${answer.status}${answerText(answer).length ? '' : ' (empty)'}`
  }
  const auth = await messagingDb(hub.store.db).selectFrom('sys_authentications').select(['status', 'secret_sealed']).where('app_code', '=', row.app_code).executeTakeFirst()
  if (!auth) throw fieldRefusal('appCode', 'msg_sso_app_code_unknown')
  if (auth.status !== '1' || !auth.secret_sealed) throw fieldRefusal('appCode', 'msg_sso_app_secret_missing')
  return row.app_code
}

/** One provider's connection test as the identity-provider page's banner shows it. */
export async function healthOf(hub: Hub, locale: Locale, row: SsoProvidersTable): Promise<ProviderHealth> {
  const base = { id: row.id, name: row.name, kind: row.kind as ProviderHealth['kind'] }
  try {
    return { ...base, ok: true, address: addressOf(row), detail: await checkConnection(hub, row) }
  } catch (err) {
    if (!(err instanceof Refusal)) throw err
    const url = typeof err.params.url === 'string' ? err.params.url : addressOf(row)
    return { ...base, ok: false, address: url, detail: translateMessage(locale, err.messageKey, err.params) }
  }
}

/** How long the sign-in page's answer about a provider is kept: the page is public, so it does not make the hub call out each time it is opened. */
const AVAILABILITY_MS = 30_000
/** The sign-in page does not wait for a slow provider longer than this: still unknown, it is listed as available (signing in will say what fails). */
const AVAILABILITY_WAIT_MS = 3_000
const availability = new Map<string, { at: number; answer: Promise<boolean> }>()

/** Whether a CAS or OIDC provider answers now, for the sign-in page's list (kept a while per provider version). */
export async function availableNow(hub: Hub, row: SsoProvidersTable, now = Date.now()): Promise<boolean> {
  const key = `${row.id}|${row.updated_at}`
  let kept = availability.get(key)
  if (!kept || now - kept.at >= AVAILABILITY_MS) {
    kept = {
      at: now,
      answer: checkConnection(hub, row).then(
        () => true,
        () => false,
      ),
    }
    availability.set(key, kept)
  }
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), AVAILABILITY_WAIT_MS)))
  try {
    return await Promise.race([kept.answer, waited])
  } finally {
    clearTimeout(timer)
  }
}
