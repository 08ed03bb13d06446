import type { HubContext } from '../../http/context'
import { DeliveryError } from '../../kernel/deliveryError'
import type { WebhookKind } from '../../../shared/rules/alarms/incidents'
import type { NoticeBody } from '../notices'
import { bilingual, bilingualWithin } from '../text'
import { postJson } from './post'
import { datahubSignature, dingtalkSign, feishuSign, SIGNATURE_HEADER } from './sign'
import { keyed, renderStored } from '../../text/keyedText'
import { DEFAULT_LOCALE } from '../../../shared/locale'

type Notice = Omit<NoticeBody, 'target'>

/** WeCom's documented bound on a robot's text content (developer.work.weixin.qq.com/document/path/91770). */
export const WECOM_TEXT_BYTES = 2048

/**
 * A notice to a robot or webhook, each in its service's form:
 * - DingTalk custom robot: `{msgtype: 'text', text: {content}}`; with a secret the URL gets
 *   `timestamp` (ms) and `sign` (sign.ts). It answers 200 with `errcode` 0 when it took it.
 * - WeCom group robot: the same text message; `errcode` 0 (its key is in the URL; no signature).
 *   Its text content may be at most 2048 bytes of UTF-8 (WeCom refuses longer with 40058): the
 *   error is shortened to fit (text.ts bilingualWithin).
 * - Feishu / Lark bot: `{msg_type: 'text', content: {text}}`, with a secret also `timestamp` (s)
 *   and `sign` in the body; it answers `code` 0 (older bots `StatusCode` 0).
 * - http (the hub's own webhook): the notice as JSON (its fields, plus subject and text in both
 *   languages, the error in the default one), signed in the X-DataHub-Signature header when the webhook has a secret.
 */
export async function sendToRobot(hub: Pick<HubContext, 'config'>, hook: { kind: WebhookKind; url: string; secret: string }, notice: Notice, signal: AbortSignal): Promise<void> {
  const { subject, text } = bilingual(notice)
  const content = `${subject}\n\n${text}`
  const now = Date.now()
  if (hook.kind === 'http') {
    // The error as a sentence (stored as a key): in the spec's default language, as callbacks tell theirs.
    const body = JSON.stringify({ ...notice, error: renderStored(DEFAULT_LOCALE, notice.error), subject, text })
    const headers: Record<string, string> = hook.secret ? { [SIGNATURE_HEADER]: datahubSignature(hook.secret, Math.floor(now / 1000), body) } : {}
    await postJson(hub, hook.url, body, headers, signal)
    return
  }
  if (hook.kind === 'feishu') {
    const seconds = Math.floor(now / 1000)
    const signed = hook.secret ? { timestamp: String(seconds), sign: feishuSign(hook.secret, seconds) } : {}
    return accepted(hook, await postJson(hub, hook.url, JSON.stringify({ ...signed, msg_type: 'text', content: { text: content } }), {}, signal))
  }
  if (hook.kind === 'wecom') {
    return accepted(hook, await postJson(hub, hook.url, JSON.stringify({ msgtype: 'text', text: { content: bilingualWithin(notice, WECOM_TEXT_BYTES) } }), {}, signal))
  }
  let url = hook.url
  if (hook.kind === 'dingtalk' && hook.secret) url += `${url.includes('?') ? '&' : '?'}timestamp=${now}&sign=${dingtalkSign(hook.secret, now)}`
  return accepted(hook, await postJson(hub, url, JSON.stringify({ msgtype: 'text', text: { content } }), {}, signal))
}

/** Robots answer HTTP 200 also when they refuse (a wrong signature, a muted robot): their code says. */
function accepted(hook: { kind: WebhookKind }, answer: string): void {
  let parsed: { errcode?: number; errmsg?: string; code?: number; msg?: string; StatusCode?: number } = {}
  try {
    parsed = JSON.parse(answer) as typeof parsed
  } catch {
    throw new DeliveryError(keyed('msg_exchange_robot_not_json', { kind: hook.kind, answer: answer.slice(0, 200) }))
  }
  const code = parsed.errcode ?? parsed.code ?? parsed.StatusCode ?? 0
  if (code !== 0) throw new DeliveryError(keyed('msg_exchange_robot_refused', { kind: hook.kind, code, reason: parsed.errmsg ?? parsed.msg ?? '' }))
}
