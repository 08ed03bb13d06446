import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/messaging/emailTemplates'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { emailTemplateRepository as templates } from './emailTemplateRepository'
import { emailTemplateDuplicate } from './refusals'
import { messagingDb, type MessagingDb } from './tables'

/** Email templates: code unique (spec §8 "template" duplicate), `{{placeholders}}` checked by the rules. */
const dbOf = (call: CallContext) => messagingDb(call.hub.store.db)

type Input = z.output<typeof contract.emailTemplateCreate.input>
const columns = (v: Input) => ({ code: v.code, name: v.name, subject: v.subject, content: v.content, remark: v.remark })

async function uniqueCode(db: MessagingDb, code: string, id: string | null) {
  if (await templates.exists(db, { code }, id)) throw emailTemplateDuplicate()
}

export const emailTemplateList = route(contract.emailTemplateList, async (q, call) => templates.list(dbOf(call), q))

export const emailTemplateGet = route(contract.emailTemplateGet, async ({ id }, call) => templates.find(dbOf(call), id))

export const emailTemplateCreate = route(contract.emailTemplateCreate, async (input, call) => {
  const db = dbOf(call)
  const id = newId()
  const now = isoNow()
  await uniqueCode(db, input.code, null)
  await templates.insert(db, { id, ...columns(input), created_at: now, updated_at: now })
  return templates.find(db, id)
})

export const emailTemplateUpdate = route(contract.emailTemplateUpdate, async ({ id, ...input }, call) => {
  const db = dbOf(call)
  await templates.stored(db, id)
  await uniqueCode(db, input.code, id)
  await templates.update(db, id, { ...columns(input), updated_at: isoNow() })
  return templates.find(db, id)
})

export const emailTemplateDelete = route(contract.emailTemplateDelete, async ({ id }, call) => {
  await templates.remove(dbOf(call), id)
  return null
})
