import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/messaging/emailTemplates'
import { placeholdersOf } from '../../../shared/rules/platform/messaging/emailTemplate'
import { containsText } from '../../store/like'
import { emailTemplateDuplicate, emailTemplateNotFound } from './refusals'
import { messagingRepository, type EmailTemplatesTable, type MessagingDb } from './tables'

const fromRow = (r: Selectable<EmailTemplatesTable>): contract.EmailTemplate => ({
  id: r.id,
  code: r.code,
  name: r.name,
  subject: r.subject,
  content: r.content,
  placeholders: [...new Set([...(placeholdersOf(r.subject) ?? []), ...(placeholdersOf(r.content) ?? [])])],
  remark: r.remark,
  updatedDate: r.updated_at,
})

const repository = messagingRepository({ table: 'email_templates', toRecord: fromRow, notFound: emailTemplateNotFound, duplicate: emailTemplateDuplicate })

/** Email templates, answered with the placeholders they use. */
export const emailTemplateRepository = {
  ...repository,

  /** A page of the templates matching the list's filters, by code. */
  list(db: MessagingDb, q: z.output<typeof contract.emailTemplateList.input>) {
    let base = repository.from(db)
    if (q.code) base = base.where(containsText('code', q.code))
    if (q.name) base = base.where(containsText('name', q.name))
    return repository.page(base.selectAll().orderBy('code'), q)
  },
}
