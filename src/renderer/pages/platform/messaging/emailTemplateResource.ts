import * as contract from '../../../../shared/contract/platform/messaging/emailTemplates'
import type { EmailTemplate } from '../../../../shared/contract/platform/messaging/emailTemplates'
import { EMAIL_TEMPLATE_PERMISSION } from '../../../../shared/contract/platform/messaging/permissions'
import { emailTemplateFormSchema } from '../../../../shared/rules/platform/messaging/emailTemplate'
import type { ResourceDefinition } from '../../../admin/resource'

/** Email templates: code, name, subject and content with `{{placeholders}}` (listed per row). */
export const emailTemplateResource: ResourceDefinition<EmailTemplate> = {
  entity: 'messaging:template_entity',
  endpoints: { list: contract.emailTemplateList, create: contract.emailTemplateCreate, update: contract.emailTemplateUpdate, remove: contract.emailTemplateDelete },
  columns: [
    { key: 'code', label: 'messaging:template_code' },
    { key: 'name', label: 'messaging:template_name' },
    { key: 'subject', label: 'messaging:subject' },
    { key: 'placeholders', label: 'messaging:placeholders', kind: 'list' },
    { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [
    { name: 'code', label: 'messaging:template_code', widget: 'text' },
    { name: 'name', label: 'messaging:template_name', widget: 'text' },
  ],
  fields: [
    { name: 'code', label: 'messaging:template_code', widget: 'text', required: true },
    { name: 'name', label: 'messaging:template_name', widget: 'text', required: true },
    { name: 'subject', label: 'messaging:subject', widget: 'text', required: true, hint: 'messaging:placeholder_hint' },
    { name: 'content', label: 'messaging:content', widget: 'textarea', required: true, hint: 'messaging:placeholder_hint' },
    { name: 'remark', label: 'messaging:remark', widget: 'textarea' },
  ],
  rules: { create: emailTemplateFormSchema },
  toForm: (row) => ({ code: row?.code ?? '', name: row?.name ?? '', subject: row?.subject ?? '', content: row?.content ?? '', remark: row?.remark ?? '' }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: EMAIL_TEMPLATE_PERMISSION, update: EMAIL_TEMPLATE_PERMISSION, remove: EMAIL_TEMPLATE_PERMISSION },
}
