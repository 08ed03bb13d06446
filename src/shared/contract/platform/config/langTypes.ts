import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { langTypeRuleShape } from '../../../rules/platform/config/language'
import { pagedSchema, pageQueryShape } from '../../paging'
import { langTypeSchema } from '../startup'
import { LANG_TYPE_PERMISSION } from './permissions'

export type LangType = z.infer<typeof langTypeSchema>
const base = { area: 'platform', access: 'session', permission: LANG_TYPE_PERMISSION } as const
const byId = z.object({ id: z.string().trim().min(1, 'msg_field_required') })
const none = z.object({}).optional()

/** Languages offered and active: the ones texts may be written for and consoles may switch to. */
export const langTypeQueryUsedAndActive = defineEndpoint({ ...base, id: 'platform.langType.queryUsedAndActive', method: 'POST', path: '/langType/queryUsedAndActive', input: none, output: z.array(langTypeSchema) })
/** Known languages not offered yet (added once, then removed from use is not shown: our reading). */
export const langTypeQueryUnUsed = defineEndpoint({ ...base, id: 'platform.langType.queryUnUsed', method: 'GET', path: '/langType/queryUnUsed', input: none, output: z.array(langTypeSchema) })
/**
 * Not in the spec's call list: the language types screen's paged list of the languages in use
 * (queryUsed is the public start-up call and unpaged), so it renders like every other list.
 */
export const langTypeQuery = defineEndpoint({ ...base, id: 'platform.langType.query', method: 'GET', path: '/langType/query', input: z.object(pageQueryShape), output: pagedSchema(langTypeSchema) })
/** Offers a language: a known unused one is put in use, a new one added; both start inactive until activated. */
export const langTypeCreate = defineEndpoint({ ...base, id: 'platform.langType.create', method: 'POST', path: '/langType/create', input: z.object(langTypeRuleShape), output: langTypeSchema })
export const langTypeActivate = defineEndpoint({ ...base, id: 'platform.langType.updateStatusActive', method: 'POST', path: '/langType/updateStatusActive/{id}', input: byId, output: langTypeSchema })
export const langTypeDeactivate = defineEndpoint({ ...base, id: 'platform.langType.updateStatusDeActive', method: 'POST', path: '/langType/updateStatusDeActive/{id}', input: byId, output: langTypeSchema })
export const langTypeSetDefault = defineEndpoint({ ...base, id: 'platform.langType.updateSetDefault', method: 'POST', path: '/langType/updateSetDefault/{id}', input: byId, output: langTypeSchema })

export const langTypeEndpoints = {
  [langTypeQueryUsedAndActive.id]: langTypeQueryUsedAndActive,
  [langTypeQueryUnUsed.id]: langTypeQueryUnUsed,
  [langTypeQuery.id]: langTypeQuery,
  [langTypeCreate.id]: langTypeCreate,
  [langTypeActivate.id]: langTypeActivate,
  [langTypeDeactivate.id]: langTypeDeactivate,
  [langTypeSetDefault.id]: langTypeSetDefault,
}
