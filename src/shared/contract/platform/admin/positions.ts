import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { positionRuleShape } from '../../../rules/platform/position'
import { pagedSchema, pageQueryShape } from '../../paging'
import { codeListRule, filterText, idInput, treeNodeSchema } from './common'
import { POSITION_PERMISSION } from './permissions'

/** Spec part 2 §3: position id, name, code, updatedDate, status (plus the labelled fields). */
export const positionSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  sequence: z.number().int(),
  description: z.string(),
  parentId: z.string(),
  parentName: z.string(),
  status: z.string(),
  /** Codes of the organisations the position is bound to. */
  orgCodes: z.array(z.string()),
  updatedDate: z.string(),
})
export type Position = z.infer<typeof positionSchema>

const base = { area: 'platform', access: 'session', permission: POSITION_PERMISSION } as const

/** Spec: position list takes pageNum, pageSize, orgCodes; answers data.content and data.totalElements. */
export const positionList = defineEndpoint({
  ...base,
  id: 'platform.position.list',
  method: 'GET',
  path: '/position/list',
  input: z.object({ ...pageQueryShape, orgCodes: codeListRule, code: filterText, name: filterText, status: filterText }),
  output: pagedSchema(positionSchema),
})
export const positionListByOrgCode = defineEndpoint({
  ...base,
  id: 'platform.position.getPositionListByOrgCode',
  method: 'GET',
  path: '/position/getPositionListByOrgCode',
  input: z.object({ orgCode: z.string().trim().min(1, 'msg_field_required') }),
  output: z.array(positionSchema),
})
export const positionDetail = defineEndpoint({ ...base, id: 'platform.position.detail', method: 'GET', path: '/position/detail/{id}', input: idInput, output: positionSchema })
export const positionDelete = defineEndpoint({ ...base, id: 'platform.position.delete', method: 'GET', path: '/position/delete', input: idInput, output: z.null() })
/** The limits the position form checks (spec §5/§9), so a console can show them. */
export const positionLimits = defineEndpoint({
  ...base,
  id: 'platform.position.getPositionLimits',
  method: 'GET',
  path: '/position/getPositionLimits',
  input: z.object({}).optional(),
  output: z.object({ codeMax: z.number(), nameMax: z.number(), sequenceMin: z.number(), sequenceMax: z.number() }),
})
export const positionCreate = defineEndpoint({ ...base, id: 'platform.position.create', method: 'POST', path: '/position/create', input: z.object(positionRuleShape), output: positionSchema })
export const positionUpdate = defineEndpoint({
  ...base,
  id: 'platform.position.update',
  method: 'POST',
  path: '/position/update',
  input: z.object(positionRuleShape).extend({ id: z.string().min(1) }),
  output: positionSchema,
})
/** Spec: the position tree query takes orgCodes; positions bound to any of them, as a tree by parent. */
export const positionByOrgCodes = defineEndpoint({
  ...base,
  id: 'platform.orgPosition.getPositionByOrgCodes',
  method: 'POST',
  path: '/orgPosition/getPositionByOrgCodes',
  input: z.object({ orgCodes: codeListRule }),
  output: z.array(treeNodeSchema),
})

export const positionEndpoints = {
  [positionList.id]: positionList,
  [positionListByOrgCode.id]: positionListByOrgCode,
  [positionDetail.id]: positionDetail,
  [positionDelete.id]: positionDelete,
  [positionLimits.id]: positionLimits,
  [positionCreate.id]: positionCreate,
  [positionUpdate.id]: positionUpdate,
  [positionByOrgCodes.id]: positionByOrgCodes,
}
