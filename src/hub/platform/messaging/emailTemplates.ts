import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/messaging/emailTemplates'
import { placeholdersOf } from '../../../shared/rules/platform/messaging/emailTemplate'
import { containsText } from '../../store/like'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { emailTemplateDuplicate, emailTemplateNotFound, isUniqueViolation } from './refusals'
import { messagingDb, type EmailTemplatesTable, type MessagingDb } from './tables'
import { page } from '../../store/paging'
import { findByIdOrRefuse } from '../../store/findOrRefuse'

/** Email templates: code unique (spec §8 "template" duplicate), `{{placeholders}}` checked by the rules. */
const dbOf = (call: CallContext) => messagingDb(call.hub.store.db)

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

const answer = async (db: MessagingDb, id: string) => fromRow(await findByIdOrRefuse(db, 'email_templates', id, emailTemplateNotFound))

type Input = z.output<typeof contract.emailTemplateCreate.input>
const columns = (v: Input) => ({ code: v.code, name: v.name, subject: v.subject, content: v.content, remark: v.remark })

async function uniqueCode(db: MessagingDb, code: string, id: string | null, work: () => Promise<unknown>) {
  let clash = db.selectFrom('email_templates').select('id').where('code', '=', code)
  if (id) clash = clash.where('id', '!=', id)
  if (await clash.executeTakeFirst()) throw emailTemplateDuplicate()
  try {
    await work()
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTemplateDuplicate()
    throw err
  }
}

export const emailTemplateList = route(contract.emailTemplateList, async ({ pageNum, pageSize, code, name }, call) => {
  let base = dbOf(call).selectFrom('email_templates')
  if (code) base = base.where(containsText('code', code))
  if (name) base = base.where(containsText('name', name))
  return page(base.selectAll().orderBy('code'), { pageNum, pageSize }, (rows) => rows.map(fromRow))
})

export const emailTemplateGet = route(contract.emailTemplateGet, async ({ id }, call) => answer(dbOf(call), id))

export const emailTemplateCreate = route(contract.emailTemplateCreate, async (input, call) => {
  const db = dbOf(call)
  const id = newId()
  const now = isoNow()
  await uniqueCode(db, input.code, null, () => db.insertInto('email_templates').values({ id, ...columns(input), created_at: now, updated_at: now }).execute())
  return answer(db, id)
})

export const emailTemplateUpdate = route(contract.emailTemplateUpdate, async ({ id, ...input }, call) => {
  const db = dbOf(call)
  await answer(db, id)
  await uniqueCode(db, input.code, id, () => db.updateTable('email_templates').set({ ...columns(input), updated_at: isoNow() }).where('id', '=', id).execute())
  return answer(db, id)
})

export const emailTemplateDelete = route(contract.emailTemplateDelete, async ({ id }, call) => {
  const result = await dbOf(call).deleteFrom('email_templates').where('id', '=', id).executeTakeFirst()
  if (result.numDeletedRows === 0n) throw emailTemplateNotFound()
  return null
})
