import { splitList } from '../../../shared/rules/platform/messaging/channel'
import { isMailAddress } from '../../../shared/rules/platform/messaging/common'
import { DeliveryError } from '../../kernel/deliveryError'
import { MailFailure, sendMail } from '../../kernel/mail/mailer'
import { secretKey } from '../../kernel/secrets'
import type { HubContext } from '../../http/context'
import { keyed } from '../../text/keyedText'
import { defaultMailServer } from './emailServers'
import { messagingDb } from './tables'

/** Recipients travel as one text (the console says "separate addresses with commas"). */
export function recipientsOf(receiver: string | readonly string[]): string[] {
  const list = splitList(receiver)
  if (list.length === 0) throw new DeliveryError(keyed('msg_exchange_mail_no_recipient'), true)
  const wrong = list.find((a) => !isMailAddress(a))
  if (wrong) throw new DeliveryError(keyed('msg_exchange_mail_bad_address', { address: wrong }), true)
  return list
}

/**
 * A mail of the hub's own (result notifications, alarms) through the platform's default email
 * server. Without any email server it cannot be sent (permanent); a server that fails is a
 * failed try, tried again like any notice.
 */
export async function sendHubMail(hub: Pick<HubContext, 'store' | 'config'>, to: string[], subject: string, text: string, signal: AbortSignal): Promise<void> {
  const server = await defaultMailServer(messagingDb(hub.store.db), secretKey(hub.config.dataDir))
  if (!server) throw new DeliveryError(keyed('msg_exchange_mail_no_server'), true)
  try {
    await sendMail(server, { to, subject, text }, signal)
  } catch (err) {
    if (err instanceof MailFailure) throw new DeliveryError(
        keyed(err.kind === 'auth' ? 'msg_exchange_mail_auth' : err.kind === 'unreachable' ? 'msg_exchange_mail_unreachable' : 'msg_exchange_mail_refused', { host: server.host, port: server.port, reason: err.reason }),
      )
    throw err
  }
}
