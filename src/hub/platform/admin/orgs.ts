import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/admin/orgs'
import * as roleContract from '../../../shared/contract/platform/admin/roles'
import type { TreeNode } from '../../../shared/contract/platform/admin/common'
import { NORMAL } from '../../../shared/rules/platform/status'
import { signedIn } from '../../http/auth'
import { containsText } from '../../store/like'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { orgRepository as orgs } from './orgRepository'
import { positionRepository } from './positionRepository'
import { orgCodeDuplicate, orgNotFound, positionNotFound, rootDelete } from './refusals'
import { adminDb, type AdminDb } from './tables'
import { branchIds, buildTree, checkTreeChange, filterTree } from './tree'

/** Organisation type of a project (dictionary pf_org_type: 1 company, 2 department, 3 project). */
export const PROJECT_TYPE = '3'

const nodeOf = (r: { id: string; org_code: string; org_name: string; status: string }) => ({ id: r.id, code: r.org_code, name: r.org_name, status: r.status })
async function tree(db: AdminDb, onlyNormal = false): Promise<TreeNode[]> {
  let q = orgs.ordered(db)
  if (onlyNormal) q = q.where('status', '=', NORMAL)
  return buildTree(await q.execute(), nodeOf)
}

export const orgById = route(contract.orgById, async ({ id }, call) => orgs.find(adminDb(call.hub.store.db), { id }))
export const orgByOrganizationCode = route(contract.orgByOrganizationCode, async ({ orgCode }, call) => orgs.find(adminDb(call.hub.store.db), { code: orgCode }))
export const orgByCode = route(contract.orgByCode, async ({ orgCode }, call) => orgs.find(adminDb(call.hub.store.db), { code: orgCode }))

/** The tree screen's keyword filter matches name or code, case-insensitively, and keeps the path. */
export const orgListTree = route(contract.orgListTree, async (input, call) => {
  const nodes = await tree(adminDb(call.hub.store.db))
  const keyword = input?.orgName?.toLowerCase()
  return keyword ? filterTree(nodes, (n) => n.name.toLowerCase().includes(keyword) || n.code.toLowerCase().includes(keyword)) : nodes
})
export const orgSelectAsOrgTree = route(contract.orgSelectAsOrgTree, async (_input, call) => tree(adminDb(call.hub.store.db), true))
export const orgSelectAsOrgProjectTree = route(contract.orgSelectAsOrgProjectTree, async (_input, call) => tree(adminDb(call.hub.store.db), true))

export const projectListTree = route(contract.projectListTree, async (_input, call) => {
  const db = adminDb(call.hub.store.db)
  const projects = new Set(await orgs.idsOfType(db, PROJECT_TYPE))
  return filterTree(await tree(db), (n) => projects.has(n.id))
})

export const orgListByParentId = route(contract.orgListByParentId, async ({ parentId }, call) => {
  const db = adminDb(call.hub.store.db)
  const rows = await (parentId ? orgs.ordered(db).where('parent_id', '=', parentId) : orgs.ordered(db).where('parent_id', 'is', null)).execute()
  return orgs.records(db, rows)
})
export const orgTopList = route(contract.orgTopList, async (_input, call) => {
  const db = adminDb(call.hub.store.db)
  return orgs.records(db, await orgs.ordered(db).where('parent_id', 'is', null).execute())
})
export const orgManagerList = route(contract.orgManagerList, async (_input, call) => {
  const db = adminDb(call.hub.store.db)
  return orgs.records(db, await orgs.ordered(db).where('manager_id', '=', signedIn(call).userId).execute())
})
export const orgSearchList = route(contract.orgSearchList, async ({ keyword }, call) => {
  const db = adminDb(call.hub.store.db)
  let q = orgs.ordered(db)
  if (keyword) q = q.where((eb) => eb.or([containsText('org_name', keyword), containsText('org_code', keyword)]))
  return orgs.records(db, await q.limit(200).execute())
})

type OrgInput = z.output<typeof contract.orgCreate.input>

async function saveOrg(db: AdminDb, id: string | null, input: OrgInput): Promise<string> {
  return db.transaction().execute(async (tx) => {
    if (id) await orgs.stored(tx, id)
    if (await orgs.exists(tx, { org_code: input.orgCode }, id)) throw orgCodeDuplicate()
    checkTreeChange(await orgs.treeRows(tx), { id, parentId: input.parentId || null, status: input.status })
    const values = {
      org_code: input.orgCode,
      org_name: input.orgName,
      org_type: input.orgType,
      city: input.city,
      sort: input.sort,
      manager_id: input.managerId || null,
      parent_id: input.parentId || null,
      status: input.status,
      updated_at: isoNow(),
    }
    if (id) {
      await orgs.update(tx, id, values)
      return id
    }
    const created = newId()
    await orgs.insert(tx, { id: created, ...values, created_at: values.updated_at })
    return created
  })
}

export const orgCreate = route(contract.orgCreate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  return orgs.find(db, { id: await saveOrg(db, null, input) })
})
export const orgUpdate = route(contract.orgUpdate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  return orgs.find(db, { id: await saveOrg(db, input.id, input) })
})

/** A root cannot be deleted; deleting any other node deletes its branch (children first). */
export const orgDelete = route(contract.orgDelete, async ({ id }, call) => {
  const db = adminDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const all = await orgs.treeRows(tx)
    const row = all.find((r) => r.id === id)
    if (!row) throw orgNotFound()
    if (row.parent_id === null) throw rootDelete()
    await orgs.removeAll(tx, [...branchIds(all, id)])
  })
  return null
})

export const orgBindPosition = route(contract.orgBindPosition, async ({ orgId, positionIds }, call) => {
  const db = adminDb(call.hub.store.db)
  await orgs.find(db, { id: orgId })
  const found = await positionRepository.existingIds(db, positionIds)
  if (found.length !== new Set(positionIds).size) throw positionNotFound()
  await orgs.bindPositions(db, orgId, found)
  return null
})

export const orgUnbindPosition = route(contract.orgUnbindPosition, async ({ orgId, positionId }, call) => {
  const db = adminDb(call.hub.store.db)
  await orgs.find(db, { id: orgId })
  await orgs.unbindPosition(db, orgId, positionId)
  return null
})

/** Spec: "an organisation tree is available for a role" — the normal organisations, to pick its users from. */
export const roleGetOrgTree = route(roleContract.roleGetOrgTree, async (_input, call) => tree(adminDb(call.hub.store.db), true))
