import type { HubContext } from '../../http/context'
import { DeliveryError } from '../../kernel/deliveryError'
import type { NoticeBody } from '../notices'
import { bilingual } from '../text'
import { smsGatewayForSending, type SmsGateway } from '../webhooks'
import { callWebhook } from './post'
import { keyed, renderStored } from '../../text/keyedText'

type Notice = Omit<NoticeBody, 'target'>

/** An SMS is short: the notice's subject line in both languages, and the start of the error in each. */
const SMS_ERROR_CHARS = 120
export function smsText(notice: Notice): string {
  const { subject } = bilingual(notice)
  if (notice.kind === 'recovery' || !notice.error) return subject
  const start = (text: string) => (text.length > SMS_ERROR_CHARS / 2 ? `${text.slice(0, SMS_ERROR_CHARS / 2)}…` : text)
  return `${subject}\n${start(renderStored('zh-CN', notice.error))} / ${start(renderStored('en', notice.error))}`
}

/**
 * Fills a template's `${name}` placeholders (mobile, text, secret, timestamp), each escaped for
 * where it stands: `url` percent-encodes, `json` escapes as inside a JSON string (the template
 * writes the quotes), `form` percent-encodes, `raw` leaves it. An unknown name stays as written.
 */
export type Escaping = 'url' | 'json' | 'form' | 'raw'
export function fillTemplate(template: string, values: Record<string, string>, escaping: Escaping): string {
  const escape = (v: string) => (escaping === 'json' ? JSON.stringify(v).slice(1, -1) : escaping === 'raw' ? v : encodeURIComponent(v))
  return template.replace(/\$\{(\w+)\}/g, (whole, name: string) => (name in values ? escape(values[name]!) : whole))
}

/** How a body is escaped: by the content-type the gateway's headers give it (JSON when none). */
export function bodyEscaping(headers: Record<string, string>): Escaping {
  const type = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1].toLowerCase() ?? 'application/json'
  if (type.includes('json')) return 'json'
  if (type.includes('x-www-form-urlencoded')) return 'form'
  return 'raw'
}

/** The request the gateway template makes for one mobile number and text. */
export function smsRequest(gateway: SmsGateway, mobile: string, text: string, now: number): { method: 'GET' | 'POST'; url: string; body: string; headers: Record<string, string> } {
  const values = { mobile, text, secret: gateway.secret, timestamp: String(Math.floor(now / 1000)) }
  const templates = { 'content-type': 'application/json; charset=utf-8', ...gateway.headers }
  const headers = Object.fromEntries(Object.entries(templates).map(([k, v]) => [k, fillTemplate(v, values, 'raw')]))
  const body = gateway.method === 'GET' ? '' : fillTemplate(gateway.bodyTemplate, values, bodyEscaping(headers))
  if (gateway.method === 'GET') delete headers['content-type']
  return { method: gateway.method, url: fillTemplate(gateway.url, values, 'url'), body, headers }
}

/** One SMS to one mobile number through the hub's SMS gateway (a 2xx answer: taken). */
export async function sendAlarmSms(hub: Pick<HubContext, 'store' | 'config'>, mobile: string, notice: Notice, signal: AbortSignal): Promise<void> {
  const gateway = await smsGatewayForSending(hub)
  if (!gateway) throw new DeliveryError(keyed('msg_exchange_sms_no_gateway'), true)
  const request = smsRequest(gateway, mobile, smsText(notice), Date.now())
  await callWebhook(hub, request.method, request.url, request.body, request.headers, signal)
}
