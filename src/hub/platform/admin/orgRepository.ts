import type { Selectable } from 'kysely'
import { findOrRefuse } from '../../store/findOrRefuse'
import { orgCodeDuplicate, orgNotFound } from './refusals'
import { adminRows, type AdminDb, type OrganisationsTable } from './tables'
import type { CodedRow, TreeRow } from './tree'

type OrgRow = Selectable<OrganisationsTable>

/** Rows with their parent's and manager's names, as the contract answers them. */
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

const rows = adminRows({ table: 'organisations', notFound: orgNotFound, duplicate: orgCodeDuplicate })

/** Organisations: a tree, each with positions bound; answered with their parent's and manager's names. */
export const orgRepository = {
  ...rows,

  /** The wire records of these stored rows. */
  records: orgsOf,

  /** The wire record of the organisation with this id or code, or the not-found refusal. */
  async find(db: AdminDb, where: { id?: string; code?: string }) {
    let q = rows.from(db).selectAll()
    q = where.id !== undefined ? q.where('id', '=', where.id) : q.where('org_code', '=', where.code ?? '')
    return (await orgsOf(db, [await findOrRefuse(q, orgNotFound)]))[0]!
  },

  /** Stored rows in tree order (by sort, then code), for a list to narrow. */
  ordered: (db: AdminDb) => rows.from(db).selectAll().orderBy('sort').orderBy('org_code'),

  /** Every organisation's id, code and status (what an import checks codes and parents against). */
  codes: (db: AdminDb): Promise<CodedRow[]> => rows.from(db).select(['id', 'org_code as code', 'status']).execute(),

  /** What the tree rules need of every organisation. */
  treeRows: (db: AdminDb): Promise<TreeRow[]> => rows.from(db).select(['id', 'parent_id', 'status']).execute(),

  /** The ids of the organisations of this type. */
  idsOfType: async (db: AdminDb, orgType: string) => (await rows.from(db).select('id').where('org_type', '=', orgType).execute()).map((r) => r.id),

  /** Deletes these organisations (a branch): links to each other are cut first. */
  async removeAll(db: AdminDb, ids: string[]): Promise<void> {
    await db.updateTable('organisations').set({ parent_id: null }).where('id', 'in', ids).execute()
    await db.deleteFrom('organisations').where('id', 'in', ids).execute()
  },

  /** Binds these positions to the organisation (those already bound stay). */
  async bindPositions(db: AdminDb, orgId: string, positionIds: string[]): Promise<void> {
    await db
      .insertInto('org_positions')
      .values(positionIds.map((positionId) => ({ org_id: orgId, position_id: positionId })))
      .onConflict((oc) => oc.doNothing())
      .execute()
  },

  async unbindPosition(db: AdminDb, orgId: string, positionId: string): Promise<void> {
    await db.deleteFrom('org_positions').where('org_id', '=', orgId).where('position_id', '=', positionId).execute()
  },
}
