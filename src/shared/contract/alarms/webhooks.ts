import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { WEBHOOK_KINDS } from '../../rules/alarms/incidents'

/** How the SMS gateway is called. */
export const SMS_METHODS = ['GET', 'POST'] as const
import { ALARM_RULE_PERMISSION } from './permissions'
import { URL_PATTERN } from '../../rules/patterns'

/**
 * Alarm webhooks: the DingTalk, WeCom and Feishu robots and our own http webhooks an alarm's
 * dingding or http receiver names by code, and the SMS gateway (kind sms) an alarm's mobile
 * receivers go through. The secret is write-only: `secretSet` says whether one is stored;
 * saving with an empty secret keeps it.
 *
 * The SMS gateway is a request template (src/hub/alarms/README.md): `url` (GET: its query carries
 * the message), `method` GET or POST, `bodyTemplate` (POST) and `headers` (name → value
 * template). Placeholders `${mobile}`, `${text}`, `${secret}` and `${timestamp}` (Unix seconds)
 * are filled escaped for where they stand: percent-encoded in the URL and in a form body,
 * JSON-escaped in a JSON body (the template writes the quotes), as they are in headers.
 */
export const webhookSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(WEBHOOK_KINDS),
  url: z.string(),
  secretSet: z.boolean(),
  status: z.enum(['0', '1']),
  remark: z.string(),
  method: z.enum(SMS_METHODS),
  bodyTemplate: z.string(),
  headers: z.record(z.string(), z.string()),
  updatedAt: z.string(),
})
export type AlarmWebhook = z.output<typeof webhookSchema>

const base = { area: 'platform', access: 'session', permission: ALARM_RULE_PERMISSION } as const

export const webhookList = defineEndpoint({ ...base, id: 'platform.alarm.webhook.list', method: 'GET', path: '/alarm/webhook/list', input: z.object({}), output: z.array(webhookSchema) })

/** Creates the webhook of that code, or updates it. */
export const webhookSave = defineEndpoint({
  ...base,
  id: 'platform.alarm.webhook.save',
  method: 'POST',
  path: '/alarm/webhook/save',
  input: z.object({
    code: z.string({ error: 'msg_alarm_webhook_code_rule' }).trim().regex(/^\w{3,50}$/, 'msg_alarm_webhook_code_rule'),
    name: z.string({ error: 'msg_alarm_webhook_name_rule' }).trim().min(1, 'msg_alarm_webhook_name_rule').max(50, 'msg_alarm_webhook_name_rule'),
    kind: z.enum(WEBHOOK_KINDS, { error: 'msg_alarm_webhook_kind_rule' }),
    url: z.string({ error: 'msg_alarm_webhook_url_rule' }).trim().max(1000, 'msg_alarm_webhook_url_rule').regex(URL_PATTERN, 'msg_alarm_webhook_url_rule'),
    secret: z.string().default('').refine((v) => v === '' || /^[\x21-\x7e]{8,128}$/.test(v), 'msg_alarm_webhook_secret_rule'),
    status: z.enum(['0', '1'], { error: 'msg_flag_required' }).default('1'),
    remark: z.string().max(255, 'msg_remark_length').default(''),
    method: z.enum(SMS_METHODS, { error: 'msg_alarm_sms_method_rule' }).default('POST'),
    bodyTemplate: z.string().max(4000, 'msg_alarm_sms_body_rule').default(''),
    headers: z
      .record(z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'msg_alarm_sms_headers_rule'), z.string().max(1000, 'msg_alarm_sms_headers_rule'), { error: 'msg_alarm_sms_headers_rule' })
      .refine((h) => Object.keys(h).length <= 20, 'msg_alarm_sms_headers_rule')
      .default({}),
  }),
  output: webhookSchema,
})

export const webhookDelete = defineEndpoint({ ...base, id: 'platform.alarm.webhook.delete', method: 'POST', path: '/alarm/webhook/delete', input: z.object({ code: z.string().trim().min(1, 'msg_alarm_webhook_not_found') }), output: z.null() })
