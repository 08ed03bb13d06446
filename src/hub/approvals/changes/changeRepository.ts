import type { ChangeObjectType } from '../../../shared/rules/approvals/process'
import type { ApprovalsDb, ChangeRow } from '../tables'

/** Change requests (wf_changes): at most one reviewing per object, by a partial unique index. */
export const changeRepository = {
  /** Whether the object has a change under review (it "is changing"). */
  async changing(db: ApprovalsDb, type: ChangeObjectType, objectId: string): Promise<boolean> {
    const row = await db.selectFrom('wf_changes').select('id').where('object_type', '=', type).where('object_id', '=', objectId).where('state', '=', 'reviewing').executeTakeFirst()
    return row !== undefined
  },

  /** Every object under review (of one type): the console's "changing" marks. */
  async allChanging(db: ApprovalsDb, type?: ChangeObjectType): Promise<{ objectType: string; objectId: string; subjectId: string; submitterName: string }[]> {
    let q = db
      .selectFrom('wf_changes as c')
      .leftJoin('users as u', 'u.id', 'c.submitter_id')
      .select(['c.object_type as objectType', 'c.object_id as objectId', 'c.instance_id as subjectId', 'u.username as submitterName'])
      .where('c.state', '=', 'reviewing')
      .where('c.object_id', '!=', '')
    if (type) q = q.where('c.object_type', '=', type)
    const rows = await q.orderBy('c.created_at').limit(1000).execute()
    return rows.map((r) => ({ ...r, submitterName: r.submitterName ?? '' }))
  },

  insert: (db: ApprovalsDb, row: ChangeRow) => db.insertInto('wf_changes').values(row).execute(),

  ofInstance: (db: ApprovalsDb, instanceId: string) => db.selectFrom('wf_changes').selectAll().where('instance_id', '=', instanceId).executeTakeFirst(),

  end: (db: ApprovalsDb, id: string, state: string, at: string) => db.updateTable('wf_changes').set({ state, ended_at: at }).where('id', '=', id).where('state', '=', 'reviewing').execute(),
}
