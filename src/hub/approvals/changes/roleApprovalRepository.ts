import type { RoleApproval } from '../../../shared/contract/approvals/processes'
import type { ApprovalsDb } from '../tables'

/** Per role, whether its users' changes need approval and by which process (wf_role_approvals). */
export const roleApprovalRepository = {
  async list(db: ApprovalsDb): Promise<RoleApproval[]> {
    const rows = await db
      .selectFrom('roles')
      .leftJoin('wf_role_approvals as a', 'a.role_id', 'roles.id')
      .select(['roles.id', 'roles.role_code', 'roles.role_name', 'a.enabled', 'a.process_key'])
      .orderBy('roles.role_code')
      .execute()
    return rows.map((r) => ({ roleId: r.id, roleCode: r.role_code, roleName: r.role_name, enabled: r.enabled === '1' ? '1' : '0', processKey: r.process_key ?? '' }))
  },

  async one(db: ApprovalsDb, roleId: string): Promise<RoleApproval | undefined> {
    return (await roleApprovalRepository.list(db)).find((r) => r.roleId === roleId)
  },

  async save(db: ApprovalsDb, entry: { roleId: string; enabled: string; processKey: string }, who: { at: string; username: string }): Promise<void> {
    const values = { enabled: entry.enabled, process_key: entry.processKey, updated_at: who.at, updated_by: who.username }
    await db
      .insertInto('wf_role_approvals')
      .values({ role_id: entry.roleId, ...values })
      .onConflict((oc) => oc.column('role_id').doUpdateSet(values))
      .execute()
  },

  /**
   * The process a user's changes need, or null when none of their enabled roles asks for
   * approval. With several such roles, the first by role code decides (stable, and said in the README).
   */
  async requiredProcess(db: ApprovalsDb, userId: string): Promise<string | null> {
    const row = await db
      .selectFrom('wf_role_approvals as a')
      .innerJoin('user_roles', 'user_roles.role_id', 'a.role_id')
      .innerJoin('roles', 'roles.id', 'a.role_id')
      .select('a.process_key')
      .where('user_roles.user_id', '=', userId)
      .where('a.enabled', '=', '1')
      .where('roles.status', '=', '1')
      .orderBy('roles.role_code')
      .executeTakeFirst()
    return row?.process_key ?? null
  },
}
