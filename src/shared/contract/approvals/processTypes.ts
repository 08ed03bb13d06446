import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { pagedSchema, pageQueryShape } from '../paging'
import { PROCESS_PERMISSION, PROCESS_TYPE_PERMISSION } from './permissions'

/** A process type: the administrator's category of processes (issue 19; the spec shows only the calls). */
export const processTypeSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  remark: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ProcessType = z.output<typeof processTypeSchema>

export const processTypeInputShape = {
  code: z.string({ error: 'msg_process_type_code_missing' }).trim().min(1, 'msg_process_type_code_missing').max(50, 'msg_process_type_code_invalid').regex(/^[A-Za-z0-9_.-]+$/, 'msg_process_type_code_invalid'),
  name: z.string({ error: 'msg_process_type_name_missing' }).trim().min(1, 'msg_process_type_name_missing').max(100, 'msg_process_type_name_missing'),
  sort: z.coerce.number().int().min(0).max(99999).default(0),
  remark: z.string().max(500).default(''),
}

const base = { area: 'platform', access: 'session', permission: PROCESS_TYPE_PERMISSION } as const
const idInput = z.object({ id: z.string().trim().min(1, 'msg_process_type_not_found') })

/** By sort, then code; `name` filters by code or name. */
export const processTypeList = defineEndpoint({
  ...base,
  id: 'platform.process.type.list',
  method: 'GET',
  path: '/process/processtype/list',
  input: z.object({ ...pageQueryShape, name: z.string().trim().max(100).optional() }),
  output: pagedSchema(processTypeSchema),
})
export const processTypeGet = defineEndpoint({ ...base, id: 'platform.process.type.get', method: 'GET', path: '/process/processtype/get', input: idInput, output: processTypeSchema })
export const processTypeCreate = defineEndpoint({ ...base, id: 'platform.process.type.create', method: 'POST', path: '/process/processtype/create', input: z.object(processTypeInputShape), output: processTypeSchema })
export const processTypeUpdate = defineEndpoint({
  ...base,
  id: 'platform.process.type.update',
  method: 'POST',
  path: '/process/processtype/update',
  input: z.object({ id: z.string().trim().min(1, 'msg_process_type_not_found'), version: z.number().int(), ...processTypeInputShape }),
  output: processTypeSchema,
})
/** Refused while a process definition names the type. */
export const processTypeDelete = defineEndpoint({ ...base, id: 'platform.process.type.delete', method: 'POST', path: '/process/processtype/delete', input: idInput, output: z.null() })

/** A variable conditions may test (shared/rules/approvals/process.ts PROCESS_VARIABLES), named in the caller's language. */
export const processVariableSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(['enum', 'text', 'number']),
  /** The values an enum variable takes (codes; the console names them by its own keys). */
  options: z.array(z.string()),
})
export type ProcessVariable = z.output<typeof processVariableSchema>

/** Read by the process designer, so under the definitions' permission. */
export const processVariableList = defineEndpoint({
  ...base,
  permission: PROCESS_PERMISSION,
  id: 'platform.process.variable.list',
  method: 'GET',
  path: '/proVariate/list',
  input: z.object({}).optional(),
  output: z.array(processVariableSchema),
})
