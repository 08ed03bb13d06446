import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/admin/orgs'
import * as roleContract from '../../../shared/contract/platform/admin/roles'
import type { TreeNode } from '../../../shared/contract/platform/admin/common'
import { NORMAL } from '../../../shared/rules/platform/status'
import { signedIn } from '../../http/auth'
import { containsText } from '../../store/like'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { isUniqueViolation, orgCodeDuplicate, orgNotFound, positionNotFound, rootDelete } from './refusals'
import { adminDb, type AdminDb, type OrganisationsTable } from './tables'
import { branchIds, buildTree, checkTreeChange, filterTree } from './tree'
import { findOrRefuse } from '../../store/findOrRefuse'

type OrgRow = Selectable<OrganisationsTable>

/** Organisation type of a project (dictionary pf_org_type: 1 company, 2 department, 3 project). */
export const PROJECT_TYPE = '3'

async function orgsOf(db: AdminDb, rows: OrgRow[]) {
  if (rows.length === 0) return []
  const parentIds = rows.flatMap((r) => (r.parent_id ? [r.parent_id] : []))
  const managerIds = rows.flatMap((r) => (r.manager_id ? [r.manager_id] : []))
  const parents = parentIds.length ? await db.selectFrom('organisations').select(['id', 'org_name']).where('id', 'in', parentIds).execute() : []
  const managers = managerIds.length ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', managerIds).execute() : []
  return rows.map((r) => ({
    id: r.id,
    orgCode: r.org_code,
    orgName: r.org_name,
    orgType: r.org_type,
    city: r.city,
    sort: Number(r.sort),
    managerId: r.manager_id ?? '',
    managerName: managers.find((m) => m.id === r.manager_id)?.name ?? '',
    parentId: r.parent_id ?? '',
    parentName: parents.find((p) => p.id === r.parent_id)?.org_name ?? '',
    status: r.status,
    updatedDate: r.updated_at,
  }))
}

const ordered = (db: AdminDb) => db.selectFrom('organisations').selectAll().orderBy('sort').orderBy('org_code')

async function one(db: AdminDb, where: { id?: string; code?: string }) {
  let q = db.selectFrom('organisations').selectAll()
  q = where.id !== undefined ? q.where('id', '=', where.id) : q.where('org_code', '=', where.code ?? '')
  const row = await findOrRefuse(q, orgNotFound)
  return (await orgsOf(db, [row]))[0]!
}

const nodeOf = (r: OrgRow) => ({ id: r.id, code: r.org_code, name: r.org_name, status: r.status })
async function tree(db: AdminDb, onlyNormal = false): Promise<TreeNode[]> {
  let q = ordered(db)
  if (onlyNormal) q = q.where('status', '=', NORMAL)
  return buildTree(await q.execute(), nodeOf)
}

export const orgById = route(contract.orgById, async ({ id }, call) => one(adminDb(call.hub.store.db), { id }))
export const orgByOrganizationCode = route(contract.orgByOrganizationCode, async ({ orgCode }, call) => one(adminDb(call.hub.store.db), { code: orgCode }))
export const orgByCode = route(contract.orgByCode, async ({ orgCode }, call) => one(adminDb(call.hub.store.db), { code: orgCode }))

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
  const projects = new Set((await db.selectFrom('organisations').select('id').where('org_type', '=', PROJECT_TYPE).execute()).map((r) => r.id))
  return filterTree(await tree(db), (n) => projects.has(n.id))
})

export const orgListByParentId = route(contract.orgListByParentId, async ({ parentId }, call) => {
  const db = adminDb(call.hub.store.db)
  const rows = await (parentId ? ordered(db).where('parent_id', '=', parentId) : ordered(db).where('parent_id', 'is', null)).execute()
  return orgsOf(db, rows)
})
export const orgTopList = route(contract.orgTopList, async (_input, call) => {
  const db = adminDb(call.hub.store.db)
  return orgsOf(db, await ordered(db).where('parent_id', 'is', null).execute())
})
export const orgManagerList = route(contract.orgManagerList, async (_input, call) => {
  const db = adminDb(call.hub.store.db)
  return orgsOf(db, await ordered(db).where('manager_id', '=', signedIn(call).userId).execute())
})
export const orgSearchList = route(contract.orgSearchList, async ({ keyword }, call) => {
  const db = adminDb(call.hub.store.db)
  let q = ordered(db)
  if (keyword) q = q.where((eb) => eb.or([containsText('org_name', keyword), containsText('org_code', keyword)]))
  return orgsOf(db, await q.limit(200).execute())
})

type OrgInput = z.output<typeof contract.orgCreate.input>

async function saveOrg(db: AdminDb, id: string | null, input: OrgInput): Promise<string> {
  return db.transaction().execute(async (tx) => {
    if (id && !(await tx.selectFrom('organisations').select('id').where('id', '=', id).executeTakeFirst())) throw orgNotFound()
    let clash = tx.selectFrom('organisations').select('id').where('org_code', '=', input.orgCode)
    if (id) clash = clash.where('id', '!=', id)
    if (await clash.executeTakeFirst()) throw orgCodeDuplicate()
    checkTreeChange(await tx.selectFrom('organisations').select(['id', 'parent_id', 'status']).execute(), { id, parentId: input.parentId || null, status: input.status })
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
    try {
      if (id) {
        await tx.updateTable('organisations').set(values).where('id', '=', id).execute()
        return id
      }
      const created = newId()
      await tx.insertInto('organisations').values({ id: created, ...values, created_at: values.updated_at }).execute()
      return created
    } catch (err) {
      if (isUniqueViolation(err)) throw orgCodeDuplicate()
      throw err
    }
  })
}

export const orgCreate = route(contract.orgCreate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  return one(db, { id: await saveOrg(db, null, input) })
})
export const orgUpdate = route(contract.orgUpdate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  return one(db, { id: await saveOrg(db, input.id, input) })
})

/** A root cannot be deleted; deleting any other node deletes its branch (children first). */
export const orgDelete = route(contract.orgDelete, async ({ id }, call) => {
  const db = adminDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const all = await tx.selectFrom('organisations').select(['id', 'parent_id', 'status']).execute()
    const row = all.find((r) => r.id === id)
    if (!row) throw orgNotFound()
    if (row.parent_id === null) throw rootDelete()
    const branch = [...branchIds(all, id)]
    await tx.updateTable('organisations').set({ parent_id: null }).where('id', 'in', branch).execute()
    await tx.deleteFrom('organisations').where('id', 'in', branch).execute()
  })
  return null
})

export const orgBindPosition = route(contract.orgBindPosition, async ({ orgId, positionIds }, call) => {
  const db = adminDb(call.hub.store.db)
  await one(db, { id: orgId })
  const found = await db.selectFrom('positions').select('id').where('id', 'in', positionIds).execute()
  if (found.length !== new Set(positionIds).size) throw positionNotFound()
  await db
    .insertInto('org_positions')
    .values(found.map((p) => ({ org_id: orgId, position_id: p.id })))
    .onConflict((oc) => oc.doNothing())
    .execute()
  return null
})

export const orgUnbindPosition = route(contract.orgUnbindPosition, async ({ orgId, positionId }, call) => {
  const db = adminDb(call.hub.store.db)
  await one(db, { id: orgId })
  await db.deleteFrom('org_positions').where('org_id', '=', orgId).where('position_id', '=', positionId).execute()
  return null
})

/** Spec: "an organisation tree is available for a role" — the normal organisations, to pick its users from. */
export const roleGetOrgTree = route(roleContract.roleGetOrgTree, async (_input, call) => tree(adminDb(call.hub.store.db), true))
