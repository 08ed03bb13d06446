import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { channelRuleShape } from '../../../rules/platform/messaging/channel'
import { pagedSchema, pageQueryShape } from '../../paging'
import { filterText, idInput } from '../admin/common'
import { CHANNEL_PERMISSION } from './permissions'

/**
 * Message channels. Calls not shown by the spec; designed like the others under
 * /api/inner/platform: GET /channel/list (pageNum, pageSize, code, name, channelType), /get?id;
 * POST /channel/create, /update, /delete {id}. The secret is never answered: `secretSet` says
 * whether one is stored, `oldSecretValidUntil` until when the replaced one is still accepted.
 */
export const channelSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  channelType: z.string(),
  isDefault: z.string(),
  /** Messages per day; -1 no limit. */
  loadLimit: z.number().int(),
  ipWhitelist: z.array(z.string()),
  secretSet: z.boolean(),
  secretExpireTime: z.string(),
  oldSecretValidMinutes: z.number().int(),
  /** ISO time; '' when no replaced secret is still valid. */
  oldSecretValidUntil: z.string(),
  retryNum: z.number().int(),
  retryInterval: z.number().int(),
  remark: z.string(),
  updatedDate: z.string(),
})
export type Channel = z.infer<typeof channelSchema>

const base = { area: 'platform', access: 'session', permission: CHANNEL_PERMISSION } as const

export const channelList = defineEndpoint({
  ...base,
  id: 'platform.channel.list',
  method: 'GET',
  path: '/channel/list',
  input: z.object({ ...pageQueryShape, code: filterText, name: filterText, channelType: filterText }),
  output: pagedSchema(channelSchema),
})
export const channelGet = defineEndpoint({ ...base, id: 'platform.channel.get', method: 'GET', path: '/channel/get', input: idInput, output: channelSchema })
/** Saving one as default makes the previous default an ordinary channel. */
export const channelCreate = defineEndpoint({ ...base, id: 'platform.channel.create', method: 'POST', path: '/channel/create', input: z.object(channelRuleShape), output: channelSchema })
/** An empty secret keeps the stored one. */
export const channelUpdate = defineEndpoint({
  ...base,
  id: 'platform.channel.update',
  method: 'POST',
  path: '/channel/update',
  input: z.object(channelRuleShape).extend({ id: z.string().trim().min(1, 'msg_field_required') }),
  output: channelSchema,
})
/** Spec §8: the default channel cannot be deleted. */
export const channelDelete = defineEndpoint({ ...base, id: 'platform.channel.delete', method: 'POST', path: '/channel/delete', input: idInput, output: z.null() })

export const channelEndpoints = {
  [channelList.id]: channelList,
  [channelGet.id]: channelGet,
  [channelCreate.id]: channelCreate,
  [channelUpdate.id]: channelUpdate,
  [channelDelete.id]: channelDelete,
}
