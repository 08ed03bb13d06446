import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { dictionaryTypeRuleShape, dictionaryTypeUpdateShape } from '../../../rules/platform/config/dictionary'
import { pagedSchema, pageQueryShape } from '../../paging'
import { filterText, idInput } from '../admin/common'
import { DICTIONARY_TYPE_PERMISSION } from './permissions'

/** Spec part 2 §3 labels: type, name, remarks; status 1 active / 0 (a disabled type hides its entries). */
export const dictionaryTypeSchema = z.object({
  id: z.string(),
  dictType: z.string(),
  dictName: z.string(),
  /** A seeded dictionary's English name; '' for one people made or renamed. */
  dictNameEn: z.string().optional(),
  remarks: z.string(),
  status: z.string(),
  updatedDate: z.string(),
})
export type DictionaryType = z.infer<typeof dictionaryTypeSchema>

const base = { area: 'platform', access: 'session', permission: DICTIONARY_TYPE_PERMISSION } as const

export const dictionaryTypeQuery = defineEndpoint({
  ...base,
  id: 'platform.dictionaryType.query',
  method: 'GET',
  path: '/dictionaryType/query',
  input: z.object({ ...pageQueryShape, dictType: filterText, dictName: filterText, status: filterText }),
  output: pagedSchema(dictionaryTypeSchema),
})
export const dictionaryTypeDetail = defineEndpoint({ ...base, id: 'platform.dictionaryType.detail', method: 'GET', path: '/dictionaryType/detail/{id}', input: idInput, output: dictionaryTypeSchema })
export const dictionaryTypeCreate = defineEndpoint({ ...base, id: 'platform.dictionaryType.create', method: 'POST', path: '/dictionaryType/create', input: z.object(dictionaryTypeRuleShape), output: dictionaryTypeSchema })
export const dictionaryTypeUpdate = defineEndpoint({
  ...base,
  id: 'platform.dictionaryType.update',
  method: 'POST',
  path: '/dictionaryType/update',
  input: z.object(dictionaryTypeUpdateShape).extend({ id: z.string().trim().min(1) }),
  output: dictionaryTypeSchema,
})

export const dictionaryTypeEndpoints = {
  [dictionaryTypeQuery.id]: dictionaryTypeQuery,
  [dictionaryTypeDetail.id]: dictionaryTypeDetail,
  [dictionaryTypeCreate.id]: dictionaryTypeCreate,
  [dictionaryTypeUpdate.id]: dictionaryTypeUpdate,
}
