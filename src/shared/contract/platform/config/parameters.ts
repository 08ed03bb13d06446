import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { parameterFormSchema, parameterUpdateSchema } from '../../../rules/platform/config/parameter'
import { pagedSchema, pageQueryShape } from '../../paging'
import { filterText, idInput } from '../admin/common'
import { PARAMETER_PERMISSION } from './permissions'

/** Spec part 2 §3 labels: key, name, value, application. */
export const parameterRowSchema = z.object({
  id: z.string(),
  parameterKey: z.string(),
  parameterName: z.string(),
  /** A seeded parameter's English name; '' for one people made or renamed. */
  parameterNameEn: z.string().optional(),
  parameterValue: z.string(),
  appCode: z.string(),
  updatedDate: z.string(),
})
export type ParameterRow = z.infer<typeof parameterRowSchema>

const base = { area: 'platform', access: 'session', permission: PARAMETER_PERMISSION } as const

export const parameterQuery = defineEndpoint({
  ...base,
  id: 'platform.parameter.query',
  method: 'GET',
  path: '/parameter/query',
  input: z.object({ ...pageQueryShape, parameterKey: filterText, parameterName: filterText, appCode: filterText }),
  output: pagedSchema(parameterRowSchema),
})
export const parameterDetail = defineEndpoint({ ...base, id: 'platform.parameter.detail', method: 'GET', path: '/parameter/detail/{id}', input: idInput, output: parameterRowSchema })
/** Spec: a GET, as the spec lists it. */
export const parameterRemove = defineEndpoint({ ...base, id: 'platform.parameter.remove', method: 'GET', path: '/parameter/remove/{id}', input: idInput, output: z.null() })
export const parameterCreate = defineEndpoint({ ...base, id: 'platform.parameter.create', method: 'POST', path: '/parameter/create', input: parameterFormSchema, output: parameterRowSchema })
export const parameterUpdate = defineEndpoint({ ...base, id: 'platform.parameter.update', method: 'POST', path: '/parameter/update', input: parameterUpdateSchema, output: parameterRowSchema })

export const parameterEndpoints = {
  [parameterQuery.id]: parameterQuery,
  [parameterDetail.id]: parameterDetail,
  [parameterRemove.id]: parameterRemove,
  [parameterCreate.id]: parameterCreate,
  [parameterUpdate.id]: parameterUpdate,
}
