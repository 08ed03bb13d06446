import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { i18nRuleShape } from '../../../rules/platform/config/language'
import { pagedSchema, pageQueryShape } from '../../paging'
import { filterText, idInput } from '../admin/common'
import { I18N_PERMISSION } from './permissions'

/** One text of the catalogue; 'admin' rows were edited here and survive upgrades, 'seed' rows follow the release. */
export const i18nMessageSchema = z.object({
  id: z.string(),
  langCode: z.string(),
  messageKey: z.string(),
  messageValue: z.string(),
  origin: z.string(),
  updatedDate: z.string(),
})
export type I18nMessage = z.infer<typeof i18nMessageSchema>

const base = { area: 'platform', access: 'session', permission: I18N_PERMISSION } as const

/** Filters: key and value contain the text, language is exact. */
export const i18nQuery = defineEndpoint({
  ...base,
  id: 'platform.i18n.query',
  method: 'GET',
  path: '/i18n/query',
  input: z.object({ ...pageQueryShape, key: filterText, language: filterText, value: filterText }),
  output: pagedSchema(i18nMessageSchema),
})
export const i18nDetail = defineEndpoint({ ...base, id: 'platform.i18n.detail', method: 'GET', path: '/i18n/detail/{id}', input: idInput, output: i18nMessageSchema })
export const i18nCreate = defineEndpoint({ ...base, id: 'platform.i18n.create', method: 'POST', path: '/i18n/create', input: z.object(i18nRuleShape), output: i18nMessageSchema })
export const i18nUpdate = defineEndpoint({ ...base, id: 'platform.i18n.update', method: 'POST', path: '/i18n/update', input: z.object(i18nRuleShape).extend({ id: z.string().trim().min(1) }), output: i18nMessageSchema })
export const i18nDelete = defineEndpoint({ ...base, id: 'platform.i18n.delete', method: 'POST', path: '/i18n/delete/{id}', input: idInput, output: z.null() })

export const i18nEndpoints = {
  [i18nQuery.id]: i18nQuery,
  [i18nDetail.id]: i18nDetail,
  [i18nCreate.id]: i18nCreate,
  [i18nUpdate.id]: i18nUpdate,
  [i18nDelete.id]: i18nDelete,
}
