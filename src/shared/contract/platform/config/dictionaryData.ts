import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { dictionaryDataRuleShape } from '../../../rules/platform/config/dictionary'
import { pagedSchema, pageQueryShape } from '../../paging'
import { filterText, idInput, statusInput } from '../admin/common'
import { DICTIONARY_DATA_PERMISSION } from './permissions'

/** Spec part 2 §3: dictType, dictValue, dictLabelCn, dictLabelEn, status; labels level, sort, remarks. */
export const dictionaryDataSchema = z.object({
  id: z.string(),
  dictType: z.string(),
  dictValue: z.string(),
  dictLabelCn: z.string(),
  dictLabelEn: z.string(),
  level: z.string(),
  sort: z.number(),
  status: z.string(),
  remarks: z.string(),
  updatedDate: z.string(),
})
export type DictionaryData = z.infer<typeof dictionaryDataSchema>

/** The columns a list may be sorted by (spec: sortBy, order -1 descending / 1 ascending). */
export const DICT_DATA_SORTS = ['sort', 'dictValue', 'updatedDate'] as const

const base = { area: 'platform', access: 'session', permission: DICTIONARY_DATA_PERMISSION } as const

/** Spec: "dictType, count, pageNum, pageSize 20, sortBy, order -1"; count is accepted and not needed. */
export const dictionaryDataQuery = defineEndpoint({
  ...base,
  id: 'platform.dictionaryData.query',
  method: 'GET',
  path: '/dictionaryData/query',
  input: z.object({
    ...pageQueryShape,
    dictType: filterText,
    dictValue: filterText,
    dictLabel: filterText,
    status: filterText,
    count: z.unknown().optional(),
    sortBy: z.enum(DICT_DATA_SORTS).default('sort'),
    order: z.coerce.number().int().refine((n) => n === 1 || n === -1, 'msg_field_invalid').default(1),
  }),
  output: pagedSchema(dictionaryDataSchema),
})
export const dictionaryDataDetail = defineEndpoint({ ...base, id: 'platform.dictionaryData.detail', method: 'GET', path: '/dictionaryData/detail/{id}', input: idInput, output: dictionaryDataSchema })
export const dictionaryDataCreate = defineEndpoint({ ...base, id: 'platform.dictionaryData.create', method: 'POST', path: '/dictionaryData/create', input: z.object(dictionaryDataRuleShape), output: dictionaryDataSchema })
export const dictionaryDataUpdate = defineEndpoint({
  ...base,
  id: 'platform.dictionaryData.update',
  method: 'POST',
  path: '/dictionaryData/update',
  input: z.object(dictionaryDataRuleShape).extend({ id: z.string().trim().min(1) }),
  output: dictionaryDataSchema,
})
export const dictionaryDataStatus = defineEndpoint({ ...base, id: 'platform.dictionaryData.status.update', method: 'POST', path: '/dictionaryData/status/update', input: statusInput, output: dictionaryDataSchema })

export const dictionaryDataEndpoints = {
  [dictionaryDataQuery.id]: dictionaryDataQuery,
  [dictionaryDataDetail.id]: dictionaryDataDetail,
  [dictionaryDataCreate.id]: dictionaryDataCreate,
  [dictionaryDataUpdate.id]: dictionaryDataUpdate,
  [dictionaryDataStatus.id]: dictionaryDataStatus,
}
