import { ResultCode } from '../../shared/envelope'
import type { ApproverNames } from '../../shared/contract/approvals/workbench'
import type { AssigneeKind, ProcessModel } from '../../shared/rules/approvals/process'
import type { FieldKey } from '../kernel/refusal'
import { Refusal } from '../kernel/refusal'
import type { ApprovalsDb } from './tables'

/** The kinds that name their approvers by code, the list each one reads, and its messages. */
const NAMED = {
  role: { list: 'roles', unknown: 'msg_process_role_unknown', notFound: 'msg_process_role_not_found' },
  position: { list: 'positions', unknown: 'msg_process_position_unknown', notFound: 'msg_process_position_not_found' },
  users: { list: 'users', unknown: 'msg_process_user_unknown', notFound: 'msg_process_user_not_found' },
} as const satisfies Partial<Record<AssigneeKind, { list: 'roles' | 'positions' | 'users'; unknown: string; notFound: string }>>
type NamedKind = keyof typeof NAMED

interface Named {
  node: number
  kind: NamedKind
  index: number
  code: string
}

/** Each code an approval node approves by: only the list of its kind (the others the designer keeps are not read). */
function namedCodes(model: ProcessModel): Named[] {
  const out: Named[] = []
  model.nodes.forEach((n, node) => {
    const a = n.type === 'approval' ? n.assignee : undefined
    if (!a || !(a.kind in NAMED)) return
    const kind = a.kind as NamedKind
    a[NAMED[kind].list].forEach((code, index) => out.push({ node, kind, index, code }))
  })
  return out
}

/**
 * What the codes among these name: code → its role's, position's or user's name. Role codes and
 * position codes as stored, usernames in any case (as sign-in and approversOf), keyed as given;
 * a code that names nothing is absent.
 */
async function namesOf(db: ApprovalsDb, kind: NamedKind, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map()
  switch (kind) {
    case 'role':
      return new Map((await db.selectFrom('roles').select(['role_code', 'role_name']).where('role_code', 'in', codes).execute()).map((r) => [r.role_code, r.role_name]))
    case 'position':
      return new Map((await db.selectFrom('positions').select(['code', 'name']).where('code', 'in', codes).execute()).map((r) => [r.code, r.name]))
    case 'users': {
      const lower = [...new Set(codes.map((c) => c.toLowerCase()))]
      const rows = await db
        .selectFrom('users')
        .select(['username', 'name'])
        .where((eb) => eb(eb.fn('lower', ['username']), 'in', lower))
        .execute()
      const byLower = new Map(rows.map((r) => [r.username.toLowerCase(), r.name || r.username]))
      const names = new Map<string, string>()
      for (const code of codes) {
        const name = byLower.get(code.toLowerCase())
        if (name !== undefined) names.set(code, name)
      }
      return names
    }
  }
}

/** The distinct codes the model names of one kind. */
const codesOf = (named: readonly Named[], kind: NamedKind): string[] => [...new Set(named.filter((x) => x.kind === kind).map((x) => x.code))]

/**
 * A node naming a role, position or user that does not exist would find nobody when reached
 * (msg_process_no_approver, at run time, for the submitter of some change). Refused when the
 * definition is saved or deployed instead: a '4001' like the graph's rules, each unknown code at
 * its path (`model.nodes.2.assignee.positions.0`, so the designer marks the node), and the
 * message naming the first such node and its unknown codes. The store is read as it is now:
 * a position deleted after the save is caught at deploy.
 */
export async function checkApproverCodes(db: ApprovalsDb, model: ProcessModel): Promise<void> {
  const named = namedCodes(model)
  const known = new Map<NamedKind, Set<string>>()
  for (const kind of Object.keys(NAMED) as NamedKind[]) {
    known.set(kind, new Set((await namesOf(db, kind, codesOf(named, kind))).keys()))
  }
  const unknown = named.filter((x) => !known.get(x.kind)!.has(x.code))
  const first = unknown[0]
  if (!first) return
  const fields: FieldKey[] = unknown.map((x) => ({ path: `model.nodes.${x.node}.assignee.${NAMED[x.kind].list}.${x.index}`, key: NAMED[x.kind].notFound }))
  const node = model.nodes[first.node]!
  const codes = unknown.filter((x) => x.node === first.node && x.kind === first.kind).map((x) => x.code)
  throw new Refusal(ResultCode.validation, NAMED[first.kind].unknown, { node: node.name || node.id, codes: codes.join(', ') }, fields)
}

/**
 * The names of what the model's approval nodes name (ApproverNames), as stored now: for the
 * workbench's diagram, whose viewer may not be allowed to list roles or users.
 */
export async function approverNames(db: ApprovalsDb, model: ProcessModel): Promise<ApproverNames> {
  const named = namedCodes(model)
  return namesByCode(db, { role: codesOf(named, 'role'), position: codesOf(named, 'position'), users: codesOf(named, 'users') })
}

/** The names of these codes, by kind (the designer's draft: its codes, not a saved model). */
export async function namesByCode(db: ApprovalsDb, codes: Record<NamedKind, string[]>): Promise<ApproverNames> {
  const of = async (kind: NamedKind) => Object.fromEntries(await namesOf(db, kind, [...new Set(codes[kind])]))
  return { role: await of('role'), position: await of('position'), users: await of('users') }
}
