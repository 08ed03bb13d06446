import { decryptSecret, encryptSecret, secretKey } from '../kernel/secrets'
import type { HubContext } from '../http/context'
import { isoNow, newId } from '../store/ids'
import type { WebhookKind } from '../../shared/rules/alarms/incidents'
import { alarmDb } from './tables'

/**
 * Alarm webhooks (dh_alarm_webhooks): DingTalk, WeCom and Feishu robots and generic webhooks an
 * alarm's dingding or http receiver names by code, and the SMS gateway (kind sms) the mobile
 * receivers go through. The secret is kept as the data sources' passwords are (AES-256-GCM
 * under the hub's secret key) and read only to send.
 */
export interface WebhookInput {
  code: string
  name: string
  kind: WebhookKind
  url: string
  /** '' keeps the stored one on update (none on create). */
  secret: string
  status: '0' | '1'
  remark?: string
  /** kind sms: the gateway's request (send/sms.ts). */
  method?: 'GET' | 'POST'
  bodyTemplate?: string
  headers?: Record<string, string>
}

/** Creates the webhook, or updates the one of that code. Answers its id. */
export async function saveWebhook(hub: Pick<HubContext, 'store' | 'config'>, input: WebhookInput): Promise<string> {
  const db = alarmDb(hub.store.db)
  const now = isoNow()
  const secret = input.secret === '' ? null : encryptSecret(secretKey(hub.config.dataDir), input.secret)
  const existing = await db.selectFrom('dh_alarm_webhooks').select('id').where('code', '=', input.code).executeTakeFirst()
  const values = {
    name: input.name, kind: input.kind, url: input.url, status: input.status, remark: input.remark ?? '', updated_at: now,
    method: input.method ?? 'POST', body_template: input.bodyTemplate ?? '', headers: input.headers && Object.keys(input.headers).length > 0 ? JSON.stringify(input.headers) : '',
    ...(secret !== null ? { secret_secret: secret } : {}),
  }
  if (existing) {
    await db.updateTable('dh_alarm_webhooks').set(values).where('id', '=', existing.id).execute()
    return existing.id
  }
  const id = newId()
  await db.insertInto('dh_alarm_webhooks').values({ id, code: input.code, secret_secret: secret ?? '', created_at: now, ...values }).execute()
  return id
}

/** The webhook with its plain secret, for sending; null when it is gone or off. */
export async function webhookForSending(hub: Pick<HubContext, 'store' | 'config'>, code: string): Promise<{ kind: WebhookKind; url: string; secret: string } | null> {
  const row = await alarmDb(hub.store.db).selectFrom('dh_alarm_webhooks').select(['kind', 'url', 'secret_secret', 'status']).where('code', '=', code).executeTakeFirst()
  if (!row || row.status !== '1') return null
  return { kind: row.kind as WebhookKind, url: row.url, secret: decryptSecret(secretKey(hub.config.dataDir), row.secret_secret) }
}

export interface SmsGateway {
  url: string
  method: 'GET' | 'POST'
  bodyTemplate: string
  headers: Record<string, string>
  secret: string
}

export const headersOf = (text: string): Record<string, string> => {
  try {
    const parsed = JSON.parse(text || '{}') as unknown
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)])) : {}
  } catch {
    return {}
  }
}

/** The SMS gateway mobile receivers go through: the enabled sms channel, the first by code when there are several. */
export async function smsGatewayForSending(hub: Pick<HubContext, 'store' | 'config'>): Promise<SmsGateway | null> {
  const row = await alarmDb(hub.store.db).selectFrom('dh_alarm_webhooks').selectAll().where('kind', '=', 'sms').where('status', '=', '1').orderBy('code').executeTakeFirst()
  if (!row) return null
  return {
    url: row.url, method: row.method === 'GET' ? 'GET' : 'POST', bodyTemplate: row.body_template, headers: headersOf(row.headers),
    secret: decryptSecret(secretKey(hub.config.dataDir), row.secret_secret),
  }
}
