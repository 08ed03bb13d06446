import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { emailTemplateRuleShape } from '../../../rules/platform/messaging/emailTemplate'
import { pagedSchema, pageQueryShape } from '../../paging'
import { filterText, idInput } from '../admin/common'
import { EMAIL_TEMPLATE_PERMISSION } from './permissions'

/**
 * Email templates. Calls not shown by the spec; designed like the others under
 * /api/inner/platform: GET /emailTemplate/list (pageNum, pageSize, code, name), /get?id;
 * POST /emailTemplate/create, /update, /delete {id}.
 */
export const emailTemplateSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  subject: z.string(),
  content: z.string(),
  /** The `{{name}}` placeholders of subject and content, in order of first use. */
  placeholders: z.array(z.string()),
  remark: z.string(),
  updatedDate: z.string(),
})
export type EmailTemplate = z.infer<typeof emailTemplateSchema>

const base = { area: 'platform', access: 'session', permission: EMAIL_TEMPLATE_PERMISSION } as const

export const emailTemplateList = defineEndpoint({
  ...base,
  id: 'platform.emailTemplate.list',
  method: 'GET',
  path: '/emailTemplate/list',
  input: z.object({ ...pageQueryShape, code: filterText, name: filterText }),
  output: pagedSchema(emailTemplateSchema),
})
export const emailTemplateGet = defineEndpoint({ ...base, id: 'platform.emailTemplate.get', method: 'GET', path: '/emailTemplate/get', input: idInput, output: emailTemplateSchema })
export const emailTemplateCreate = defineEndpoint({ ...base, id: 'platform.emailTemplate.create', method: 'POST', path: '/emailTemplate/create', input: z.object(emailTemplateRuleShape), output: emailTemplateSchema })
export const emailTemplateUpdate = defineEndpoint({
  ...base,
  id: 'platform.emailTemplate.update',
  method: 'POST',
  path: '/emailTemplate/update',
  input: z.object(emailTemplateRuleShape).extend({ id: z.string().trim().min(1, 'msg_field_required') }),
  output: emailTemplateSchema,
})
export const emailTemplateDelete = defineEndpoint({ ...base, id: 'platform.emailTemplate.delete', method: 'POST', path: '/emailTemplate/delete', input: idInput, output: z.null() })

export const emailTemplateEndpoints = {
  [emailTemplateList.id]: emailTemplateList,
  [emailTemplateGet.id]: emailTemplateGet,
  [emailTemplateCreate.id]: emailTemplateCreate,
  [emailTemplateUpdate.id]: emailTemplateUpdate,
  [emailTemplateDelete.id]: emailTemplateDelete,
}
