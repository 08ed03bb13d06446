import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { orgRuleShape } from '../../../rules/platform/org'
import { filterText, idInput, treeNodeSchema } from './common'
import { ORG_PERMISSION } from './permissions'

/** Spec part 2 §3: organisation id, orgName, orgCode, children; plus the labelled fields. */
export const orgSchema = z.object({
  id: z.string(),
  orgCode: z.string(),
  orgName: z.string(),
  orgType: z.string(),
  city: z.string(),
  sort: z.number().int(),
  managerId: z.string(),
  managerName: z.string(),
  parentId: z.string(),
  parentName: z.string(),
  status: z.string(),
  updatedDate: z.string(),
})
export type Org = z.infer<typeof orgSchema>

const base = { area: 'platform', access: 'session', permission: ORG_PERMISSION } as const
const get = <I extends z.ZodType, O extends z.ZodType>(name: string, path: string, input: I, output: O) =>
  defineEndpoint({ ...base, id: `platform.org.${name}`, method: 'GET', path, input, output })
const byCode = z.object({ orgCode: z.string().trim().min(1, 'msg_field_required') })
const none = z.object({}).optional()

export const orgById = get('getOrganizationById', '/org/getOrganizationById', idInput, orgSchema)
export const orgByOrganizationCode = get('getOrganizationByOrganizationCode', '/org/getOrganizationByOrganizationCode', byCode, orgSchema)
export const orgByCode = get('getByCode', '/org/getByCode', byCode, orgSchema)
/** The whole tree; `orgName` keeps the matching nodes and their ancestors (the tree screen's filter). */
export const orgListTree = get('listTree', '/org/listTree', z.object({ orgName: filterText }).optional(), z.array(treeNodeSchema))
/** The tree for selects: normal organisations only. */
export const orgSelectAsOrgTree = get('selectAsOrgTree', '/org/selectAsOrgTree', none, z.array(treeNodeSchema))
/** The tree for selects with project organisations (type '3') marked by their code; same shape. */
export const orgSelectAsOrgProjectTree = get('selectAsOrgProjectTree', '/org/selectAsOrgProjectTree', none, z.array(treeNodeSchema))
export const orgListByParentId = get('getListByParentId', '/org/getListByParentId', z.object({ parentId: z.string().trim().default('') }), z.array(orgSchema))
export const orgTopList = get('getTopOrgList', '/org/getTopOrgList', none, z.array(orgSchema))
/** Organisations whose person in charge is the signed-in user. */
export const orgManagerList = get('getManagerOrgList', '/org/getManagerOrgList', none, z.array(orgSchema))
export const orgSearchList = get('searchList', '/org/searchList', z.object({ keyword: filterText }), z.array(orgSchema))
/** Spec: GET /org/orgUnBlindPosition (sic), unbinding one position from an organisation. */
export const orgUnbindPosition = get('orgUnBlindPosition', '/org/orgUnBlindPosition', z.object({ orgId: z.string().trim().min(1), positionId: z.string().trim().min(1) }), z.null())
/** Spec: GET /project/listTree — the organisations of type project ('3') and the branches leading to them. */
export const projectListTree = defineEndpoint({ ...base, id: 'platform.project.listTree', method: 'GET', path: '/project/listTree', input: none, output: z.array(treeNodeSchema) })

export const orgCreate = defineEndpoint({ ...base, id: 'platform.org.create', method: 'POST', path: '/org/create', input: z.object(orgRuleShape), output: orgSchema })
export const orgUpdate = defineEndpoint({ ...base, id: 'platform.org.update', method: 'POST', path: '/org/update', input: z.object(orgRuleShape).extend({ id: z.string().min(1) }), output: orgSchema })
/** Spec: POST /org/orgBlindPosition (sic), binding positions to an organisation. */
export const orgBindPosition = defineEndpoint({
  ...base,
  id: 'platform.org.orgBlindPosition',
  method: 'POST',
  path: '/org/orgBlindPosition',
  input: z.object({ orgId: z.string().trim().min(1), positionIds: z.array(z.string().min(1)).min(1, 'msg_field_required').max(500) }),
  output: z.null(),
})
/**
 * Not in the spec's call list, but its catalogue has "a root node cannot be deleted" and
 * "deleting a node deletes its children": POST /org/delete removes a non-root branch.
 */
export const orgDelete = defineEndpoint({ ...base, id: 'platform.org.delete', method: 'POST', path: '/org/delete', input: idInput, output: z.null() })

export const orgEndpoints = {
  [orgById.id]: orgById,
  [orgByOrganizationCode.id]: orgByOrganizationCode,
  [orgByCode.id]: orgByCode,
  [orgListTree.id]: orgListTree,
  [orgSelectAsOrgTree.id]: orgSelectAsOrgTree,
  [orgSelectAsOrgProjectTree.id]: orgSelectAsOrgProjectTree,
  [orgListByParentId.id]: orgListByParentId,
  [orgTopList.id]: orgTopList,
  [orgManagerList.id]: orgManagerList,
  [orgSearchList.id]: orgSearchList,
  [orgUnbindPosition.id]: orgUnbindPosition,
  [projectListTree.id]: projectListTree,
  [orgCreate.id]: orgCreate,
  [orgUpdate.id]: orgUpdate,
  [orgBindPosition.id]: orgBindPosition,
  [orgDelete.id]: orgDelete,
}
