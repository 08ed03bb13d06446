import { z } from 'zod'
import { optionalText } from '../status'
import { isHost, isMailAddress, NO, portRule, yesNo } from './common'

/**
 * Email servers (spec part 2 §3: server address, port, SSL, account, password, protocol, sender
 * nickname; §5: port 1-5 digits, email password 1-30). The account is the mailbox the server
 * signs in with and mails come from, so it must be an email address. The password is
 * write-only: stored encrypted (the hub must present it to the server), never answered.
 */
export const PROTOCOLS = ['smtp'] as const
export const PASSWORD_MAX = 30
export const SENDER_MAX = 50

const hostRule = z
  .string({ error: 'msg_email_host_required' })
  .trim()
  .min(1, { error: 'msg_email_host_required', abort: true })
  .refine(isHost, 'msg_email_host_rule')
const accountRule = z
  .string({ error: 'msg_email_account_required' })
  .trim()
  .min(1, { error: 'msg_email_account_required', abort: true })
  .refine(isMailAddress, 'msg_email_account_rule')

export const emailServerRuleShape = {
  host: hostRule,
  port: portRule,
  ssl: yesNo('msg_flag_required').default(NO),
  account: accountRule,
  /** Update: '' keeps the stored password. */
  password: z.string().max(PASSWORD_MAX, 'msg_email_password_rule').default(''),
  protocol: z.enum(PROTOCOLS, { error: 'msg_email_protocol_rule' }).default('smtp'),
  senderName: optionalText(SENDER_MAX, 'msg_email_sender_rule'),
  isDefault: yesNo('msg_flag_required').default(NO),
  remark: optionalText(255, 'msg_remark_length'),
}

export const emailServerCreateSchema = z.object({
  ...emailServerRuleShape,
  password: z.string({ error: 'msg_email_password_rule' }).min(1, 'msg_email_password_rule').max(PASSWORD_MAX, 'msg_email_password_rule'),
})
export const emailServerUpdateSchema = z.object(emailServerRuleShape)

/** Recipient of a test mail. */
export const mailAddressRule = z
  .string({ error: 'msg_email_to_required' })
  .trim()
  .min(1, { error: 'msg_email_to_required', abort: true })
  .refine(isMailAddress, 'msg_email_to_rule')
