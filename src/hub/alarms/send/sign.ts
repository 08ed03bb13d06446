import { createHmac } from 'node:crypto'

/**
 * The signatures robots and receivers check, each as its service documents it.
 */

/**
 * DingTalk custom robot, "加签": sign = URL-encoded base64 of HMAC-SHA256 over
 * `${timestamp}\n${secret}` keyed with the secret; timestamp in milliseconds. Both go into the
 * webhook URL's query (`&timestamp=…&sign=…`); DingTalk refuses a timestamp over an hour off.
 */
export function dingtalkSign(secret: string, timestamp: number): string {
  return encodeURIComponent(createHmac('sha256', secret).update(`${timestamp}\n${secret}`, 'utf8').digest('base64'))
}

/**
 * Feishu / Lark custom bot, "签名校验": HMAC-SHA256 keyed with `${timestamp}\n${secret}` over an
 * empty message, base64; timestamp in seconds. Both go into the JSON body (`timestamp`, `sign`).
 */
export function feishuSign(secret: string, timestamp: number): string {
  return createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64')
}

/**
 * The hub's own webhook signature: header X-DataHub-Signature = `t=<unix seconds>,v1=<hex>`,
 * where hex is HMAC-SHA256 keyed with the webhook's secret over `${t}.${body}` (the raw JSON body
 * as sent, UTF-8). A receiver recomputes it and refuses a t too far from its clock (replays).
 */
export const SIGNATURE_HEADER = 'X-DataHub-Signature'
export function datahubSignature(secret: string, timestampSeconds: number, body: string): string {
  return `t=${timestampSeconds},v1=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex')}`
}
