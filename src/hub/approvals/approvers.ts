import type { Assignee } from '../../shared/rules/approvals/process'
import type { ApprovalsDb } from './tables'

export interface Approver {
  id: string
  name: string
  email: string
}

/**
 * Who approves a node, read when the node is reached (so a role's members as they are then):
 * normal-status users holding one of the roles (enabled roles only), one of the positions, the
 * managers of the submitter's organisations, or the named users (usernames, case-insensitive as
 * sign-in). The submitter never approves their own change: they are left out. Sorted by
 * username so tasks are made in a stable order.
 */
export async function approversOf(db: ApprovalsDb, assignee: Assignee, submitterId: string): Promise<Approver[]> {
  let query = db.selectFrom('users').select(['users.id', 'users.username', 'users.name', 'users.email']).where('users.status', '=', '1').where('users.id', '!=', submitterId)
  switch (assignee.kind) {
    case 'role':
      query = query.where('users.id', 'in', (eb) =>
        eb.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('user_roles.user_id').where('roles.role_code', 'in', assignee.roles).where('roles.status', '=', '1'),
      )
      break
    case 'position':
      query = query.where('users.id', 'in', (eb) =>
        eb.selectFrom('user_positions').innerJoin('positions', 'positions.id', 'user_positions.position_id').select('user_positions.user_id').where('positions.code', 'in', assignee.positions),
      )
      break
    case 'orgManager':
      query = query.where('users.id', 'in', (eb) =>
        eb.selectFrom('user_orgs').innerJoin('organisations', 'organisations.id', 'user_orgs.org_id').select('organisations.manager_id').where('user_orgs.user_id', '=', submitterId).where('organisations.manager_id', 'is not', null),
      )
      break
    case 'users':
      query = query.where((eb) => eb(eb.fn('lower', ['users.username']), 'in', assignee.users.map((u) => u.toLowerCase())))
      break
  }
  const rows = await query.orderBy('users.username').execute()
  return rows.map((r) => ({ id: r.id, name: r.name || r.username, email: r.email ?? '' }))
}

/** The submitter's organisation codes (the `organisation` process variable). */
export async function organisationsOf(db: ApprovalsDb, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_orgs').innerJoin('organisations', 'organisations.id', 'user_orgs.org_id').select('organisations.org_code').where('user_orgs.user_id', '=', userId).orderBy('organisations.org_code').execute()
  return rows.map((r) => r.org_code)
}
