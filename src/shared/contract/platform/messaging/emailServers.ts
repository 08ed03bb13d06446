import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { emailServerCreateSchema, emailServerUpdateSchema, mailAddressRule } from '../../../rules/platform/messaging/emailServer'
import { pagedSchema, pageQueryShape } from '../../paging'
import { filterText, idInput } from '../admin/common'
import { EMAIL_SERVER_PERMISSION } from './permissions'

/**
 * Email servers. The spec names the screen and its fields but not its calls; designed here in
 * the style of the platform's other calls, under /api/inner/platform:
 *   GET  /emailServer/list (pageNum, pageSize, host, account)   GET  /emailServer/get?id
 *   POST /emailServer/create, /update, /delete {id}, /setDefault {id}
 *   POST /emailServer/sendTestMail {id, to}: sends a real mail through the stored server.
 * The password is never answered: `passwordSet` says whether one is stored.
 */
export const emailServerSchema = z.object({
  id: z.string(),
  host: z.string(),
  port: z.number().int(),
  ssl: z.string(),
  account: z.string(),
  passwordSet: z.boolean(),
  protocol: z.string(),
  senderName: z.string(),
  /** '1' the default server (exactly one when any exists). */
  isDefault: z.string(),
  remark: z.string(),
  updatedDate: z.string(),
})
export type EmailServer = z.infer<typeof emailServerSchema>

const base = { area: 'platform', access: 'session', permission: EMAIL_SERVER_PERMISSION } as const

export const emailServerList = defineEndpoint({
  ...base,
  id: 'platform.emailServer.list',
  method: 'GET',
  path: '/emailServer/list',
  input: z.object({ ...pageQueryShape, host: filterText, account: filterText }),
  output: pagedSchema(emailServerSchema),
})
export const emailServerGet = defineEndpoint({ ...base, id: 'platform.emailServer.get', method: 'GET', path: '/emailServer/get', input: idInput, output: emailServerSchema })
/** The first server becomes the default whatever its flag says: mails need one. */
export const emailServerCreate = defineEndpoint({ ...base, id: 'platform.emailServer.create', method: 'POST', path: '/emailServer/create', input: emailServerCreateSchema, output: emailServerSchema })
/** An empty password keeps the stored one. */
export const emailServerUpdate = defineEndpoint({
  ...base,
  id: 'platform.emailServer.update',
  method: 'POST',
  path: '/emailServer/update',
  input: emailServerUpdateSchema.extend({ id: z.string().trim().min(1, 'msg_field_required') }),
  output: emailServerSchema,
})
/** Spec §8: the default email server cannot be deleted. */
export const emailServerDelete = defineEndpoint({ ...base, id: 'platform.emailServer.delete', method: 'POST', path: '/emailServer/delete', input: idInput, output: z.null() })
export const emailServerSetDefault = defineEndpoint({ ...base, id: 'platform.emailServer.setDefault', method: 'POST', path: '/emailServer/setDefault', input: idInput, output: emailServerSchema })
export const emailServerSendTestMail = defineEndpoint({
  ...base,
  id: 'platform.emailServer.sendTestMail',
  method: 'POST',
  path: '/emailServer/sendTestMail',
  input: z.object({ id: z.string().trim().min(1, 'msg_field_required'), to: mailAddressRule }),
  /** What the server accepted: the recipient and the message id it gave. */
  output: z.object({ to: z.string(), messageId: z.string() }),
})

export const emailServerEndpoints = {
  [emailServerList.id]: emailServerList,
  [emailServerGet.id]: emailServerGet,
  [emailServerCreate.id]: emailServerCreate,
  [emailServerUpdate.id]: emailServerUpdate,
  [emailServerDelete.id]: emailServerDelete,
  [emailServerSetDefault.id]: emailServerSetDefault,
  [emailServerSendTestMail.id]: emailServerSendTestMail,
}
