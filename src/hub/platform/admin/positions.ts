import type { Selectable } from 'kysely'
import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/admin/positions'
import { POSITION_TEXT_MAX, SEQUENCE_MAX } from '../../../shared/rules/platform/position'
import { containsText } from '../../store/like'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { isUniqueViolation, positionDuplicate, positionNotFound } from './refusals'
import { adminDb, type AdminDb, type PositionsTable } from './tables'
import { buildTree, checkTreeChange } from './tree'
import { page } from '../../store/paging'
import { findByIdOrRefuse, findOrRefuse } from '../../store/findOrRefuse'

type PositionRow = Selectable<PositionsTable>

/** Rows with their parent's name and bound organisation codes, as the contract answers them. */
async function positionsOf(db: AdminDb, rows: PositionRow[]) {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const parentIds = rows.flatMap((r) => (r.parent_id ? [r.parent_id] : []))
  const parents = parentIds.length ? await db.selectFrom('positions').select(['id', 'name']).where('id', 'in', parentIds).execute() : []
  const links = await db
    .selectFrom('org_positions')
    .innerJoin('organisations', 'organisations.id', 'org_positions.org_id')
    .select(['org_positions.position_id', 'organisations.org_code'])
    .where('org_positions.position_id', 'in', ids)
    .orderBy('organisations.org_code')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    sequence: Number(r.sequence),
    description: r.description,
    parentId: r.parent_id ?? '',
    parentName: parents.find((p) => p.id === r.parent_id)?.name ?? '',
    status: r.status,
    orgCodes: links.filter((l) => l.position_id === r.id).map((l) => l.org_code),
    updatedDate: r.updated_at,
  }))
}

async function answer(db: AdminDb, id: string) {
  const row = await findByIdOrRefuse(db, 'positions', id, positionNotFound)
  return (await positionsOf(db, [row]))[0]!
}

/** Positions bound to any of the organisations with these codes. */
const boundTo = (db: AdminDb, orgCodes: string[]) =>
  db.selectFrom('org_positions').innerJoin('organisations', 'organisations.id', 'org_positions.org_id').select('org_positions.position_id').where('organisations.org_code', 'in', orgCodes)

export const positionList = route(contract.positionList, async ({ pageNum, pageSize, orgCodes, code, name, status }, call) => {
  const db = adminDb(call.hub.store.db)
  let base = db.selectFrom('positions')
  if (orgCodes.length > 0) base = base.where('id', 'in', boundTo(db, orgCodes))
  if (code) base = base.where(containsText('code', code))
  if (name) base = base.where(containsText('name', name))
  if (status) base = base.where('status', '=', status)
  return page(base.selectAll().orderBy('sequence').orderBy('code'), { pageNum, pageSize }, (rows) => positionsOf(db, rows))
})

export const positionListByOrgCode = route(contract.positionListByOrgCode, async ({ orgCode }, call) => {
  const db = adminDb(call.hub.store.db)
  const rows = await db.selectFrom('positions').selectAll().where('id', 'in', boundTo(db, [orgCode])).orderBy('sequence').orderBy('code').execute()
  return positionsOf(db, rows)
})

export const positionDetail = route(contract.positionDetail, async ({ id }, call) => answer(adminDb(call.hub.store.db), id))

export const positionLimits = route(contract.positionLimits, async () => ({ codeMax: POSITION_TEXT_MAX, nameMax: POSITION_TEXT_MAX, sequenceMin: 0, sequenceMax: SEQUENCE_MAX }))

type PositionInput = z.output<typeof contract.positionCreate.input>

async function savePosition(db: AdminDb, id: string | null, input: PositionInput): Promise<string> {
  return db.transaction().execute(async (tx) => {
    if (id && !(await tx.selectFrom('positions').select('id').where('id', '=', id).executeTakeFirst())) throw positionNotFound()
    let clash = tx.selectFrom('positions').select('id').where('code', '=', input.code)
    if (id) clash = clash.where('id', '!=', id)
    if (await clash.executeTakeFirst()) throw positionDuplicate()
    const all = await tx.selectFrom('positions').select(['id', 'parent_id', 'status']).execute()
    checkTreeChange(all, { id, parentId: input.parentId || null, status: input.status })
    const values = {
      code: input.code,
      name: input.name,
      sequence: input.sequence,
      description: input.description,
      parent_id: input.parentId || null,
      status: input.status,
      updated_at: isoNow(),
    }
    try {
      if (id) {
        await tx.updateTable('positions').set(values).where('id', '=', id).execute()
        return id
      }
      const created = newId()
      await tx.insertInto('positions').values({ id: created, ...values, created_at: values.updated_at }).execute()
      return created
    } catch (err) {
      if (isUniqueViolation(err)) throw positionDuplicate()
      throw err
    }
  })
}

export const positionCreate = route(contract.positionCreate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  return answer(db, await savePosition(db, null, input))
})

export const positionUpdate = route(contract.positionUpdate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  return answer(db, await savePosition(db, input.id, input))
})

/** Children move up to the deleted position's parent; its organisation and user links go with it. */
export const positionDelete = route(contract.positionDelete, async ({ id }, call) => {
  const db = adminDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const row = await findOrRefuse(tx.selectFrom('positions').select(['id', 'parent_id']).where('id', '=', id), positionNotFound)
    await tx.updateTable('positions').set({ parent_id: row.parent_id }).where('parent_id', '=', id).execute()
    await tx.deleteFrom('positions').where('id', '=', id).execute()
  })
  return null
})

export const positionByOrgCodes = route(contract.positionByOrgCodes, async ({ orgCodes }, call) => {
  const db = adminDb(call.hub.store.db)
  let query = db.selectFrom('positions').selectAll().orderBy('sequence').orderBy('code')
  if (orgCodes.length > 0) query = query.where('id', 'in', boundTo(db, orgCodes))
  const rows = await query.execute()
  return buildTree(rows, (r) => ({ id: r.id, code: r.code, name: r.name, status: r.status }))
})
