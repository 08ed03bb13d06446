import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/admin/positions'
import { containsText } from '../../store/like'
import { page } from '../../store/paging'
import { positionDuplicate, positionNotFound } from './refusals'
import { adminRows, type AdminDb, type PositionsTable } from './tables'
import type { CodedRow, TreeRow } from './tree'

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

/** Positions bound to any of the organisations with these codes. */
const boundTo = (db: AdminDb, orgCodes: string[]) =>
  db.selectFrom('org_positions').innerJoin('organisations', 'organisations.id', 'org_positions.org_id').select('org_positions.position_id').where('organisations.org_code', 'in', orgCodes)

const rows = adminRows({ table: 'positions', notFound: positionNotFound, duplicate: positionDuplicate })

/** In tree order: by sequence, then code. */
const ordered = (db: AdminDb) => rows.from(db).selectAll().orderBy('sequence').orderBy('code')

/** Positions: a tree, each bound to organisations; answered with their parent's name and those codes. */
export const positionRepository = {
  ...rows,

  /** The wire record, or the not-found refusal. */
  find: async (db: AdminDb, id: string) => (await positionsOf(db, [await rows.stored(db, id)]))[0]!,

  /** A page of the positions matching the list's filters, in tree order. */
  list(db: AdminDb, q: z.output<typeof contract.positionList.input>) {
    let base = rows.from(db)
    if (q.orgCodes.length > 0) base = base.where('id', 'in', boundTo(db, q.orgCodes))
    if (q.code) base = base.where(containsText('code', q.code))
    if (q.name) base = base.where(containsText('name', q.name))
    if (q.status) base = base.where('status', '=', q.status)
    return page(base.selectAll().orderBy('sequence').orderBy('code'), q, (found) => positionsOf(db, found))
  },

  /** The records of the positions bound to the organisation with this code. */
  byOrgCode: async (db: AdminDb, orgCode: string) => positionsOf(db, await ordered(db).where('id', 'in', boundTo(db, [orgCode])).execute()),

  /** The stored rows bound to any of these organisations (all, when none is named), in tree order. */
  boundToAny(db: AdminDb, orgCodes: string[]) {
    let query = ordered(db)
    if (orgCodes.length > 0) query = query.where('id', 'in', boundTo(db, orgCodes))
    return query.execute()
  },

  /** Every position's id, code and status (what an import checks codes and parents against). */
  codes: (db: AdminDb): Promise<CodedRow[]> => rows.from(db).select(['id', 'code', 'status']).execute(),

  /** What the tree rules need of every position. */
  treeRows: (db: AdminDb): Promise<TreeRow[]> => rows.from(db).select(['id', 'parent_id', 'status']).execute(),

  /** Deletes the position; its children move up to its parent (its links go with it). */
  async removeKeepingChildren(db: AdminDb, stored: { id: string; parent_id: string | null }): Promise<void> {
    await db.updateTable('positions').set({ parent_id: stored.parent_id }).where('parent_id', '=', stored.id).execute()
    await rows.remove(db, stored.id)
  },
}
