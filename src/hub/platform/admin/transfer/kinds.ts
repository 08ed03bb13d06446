import { z } from 'zod'
import type { TransferKind } from '../../../../shared/contract/platform/admin/transfer'
import { passwordSchema } from '../../../../shared/rules/password'
import { orgRuleShape } from '../../../../shared/rules/platform/org'
import { positionRuleShape } from '../../../../shared/rules/platform/position'
import { roleRuleShape } from '../../../../shared/rules/platform/role'
import { NORMAL } from '../../../../shared/rules/platform/status'
import { employeeRuleShape } from '../../../../shared/rules/platform/user'
import { hashPassword } from '../../../auth/passwords'
import { isoNow, newId } from '../../../store/ids'
import { DEFAULT_PREFERENCE } from '../../users'
import type { AdminDb } from '../tables'
import type { SheetColumn } from './sheet'

/** Reports a problem of one cell: the sheet row, the column's field, the rule's message key. */
export type Problem = (row: number, field: string, key: string) => void

export interface TransferDefinition {
  columns: SheetColumn[]
  /** The file's name and sheet title (messages key). */
  fileKey: string
  /** The checks of one row alone (the same rules as the create form). */
  rowSchema: z.ZodType<Record<string, unknown>>
  /** Every record, in the columns' fields, for the export. */
  exportRecords(db: AdminDb): Promise<Record<string, string>[]>
  /**
   * Checks the rows against the store and each other, then writes them (inside a transaction)
   * unless `clean()` says some row of the file has a problem: then it writes nothing. `held`:
   * the importing user's permission codes (a role is given only by someone holding all of its).
   */
  importRows(tx: AdminDb, rows: ParsedRow[], problem: Problem, clean: () => boolean, held: ReadonlySet<string>): Promise<void>
  /** Slow work per row done before the transaction opens (password hashing), so it holds no lock meanwhile. */
  prepare?(rows: ParsedRow[]): Promise<void>
}
export interface ParsedRow {
  row: number
  value: Record<string, unknown>
}

const col = (field: string): SheetColumn => ({ field, header: `msg_xls_${field}` })
/** "A,B" or "A，B" (full-width comma, as the tags use) → ['A', 'B']. */
const codeList = z.string().default('').transform((v) => v.split(/[,，]/).map((s) => s.trim()).filter(Boolean))
const str = (v: unknown) => String(v ?? '')

type TreeTable = 'organisations' | 'positions'
/** Parent codes of a tree import: existing records or rows above in the same file. */
async function treeParents(tx: AdminDb, table: TreeTable, codeColumn: 'org_code' | 'code', rows: ParsedRow[], problem: Problem, codeField: string) {
  const existing = await tx.selectFrom(table).select(['id', codeColumn as 'code', 'status']).execute()
  const known = new Map(existing.map((r) => [(r as unknown as Record<string, string>)[codeColumn]!, { id: r.id, status: r.status }]))
  const planned = new Map<string, { id: string; status: string }>()
  for (const { row, value } of rows) {
    const code = str(value[codeField])
    if (known.has(code) || planned.has(code)) problem(row, codeField, table === 'organisations' ? 'msg_org_code_duplicate' : 'msg_position_duplicate')
    const parentCode = str(value.parentCode)
    if (parentCode) {
      const parent = known.get(parentCode) ?? planned.get(parentCode)
      if (!parent) problem(row, 'parentCode', 'msg_parent_invalid')
      else if (value.status === NORMAL && parent.status !== NORMAL) problem(row, 'status', 'msg_parent_abnormal')
    }
    planned.set(code, { id: newId(), status: str(value.status) })
  }
  const idOf = (code: string) => known.get(code)?.id ?? planned.get(code)?.id ?? null
  return { idOf }
}

const role: TransferDefinition = {
  columns: ['roleCode', 'roleName', 'roleType', 'status'].map(col),
  fileKey: 'msg_xls_file_role',
  rowSchema: z.object(roleRuleShape),
  async exportRecords(db) {
    const rows = await db.selectFrom('roles').selectAll().orderBy('role_code').execute()
    return rows.map((r) => ({ roleCode: r.role_code, roleName: r.role_name, roleType: r.role_type, status: r.status }))
  },
  async importRows(tx, rows, problem, clean) {
    const taken = new Set((await tx.selectFrom('roles').select('role_code').execute()).map((r) => r.role_code))
    for (const { row, value } of rows) {
      if (taken.has(str(value.roleCode))) problem(row, 'roleCode', 'msg_role_code_duplicate')
      taken.add(str(value.roleCode))
    }
    if (!clean()) return
    const at = isoNow()
    for (const { value: v } of rows) {
      await tx.insertInto('roles').values({ id: newId(), role_code: str(v.roleCode), role_name: str(v.roleName), role_type: str(v.roleType), is_sys: '0', status: str(v.status), created_at: at, updated_at: at }).execute()
    }
  },
}

const position: TransferDefinition = {
  columns: ['code', 'name', 'sequence', 'description', 'parentCode', 'status'].map(col),
  fileKey: 'msg_xls_file_position',
  rowSchema: z.object({ ...positionRuleShape, parentId: z.string().optional(), parentCode: z.string().trim().default('') }),
  async exportRecords(db) {
    const rows = await db.selectFrom('positions').selectAll().orderBy('sequence').orderBy('code').execute()
    const codes = new Map(rows.map((r) => [r.id, r.code]))
    return rows.map((r) => ({ code: r.code, name: r.name, sequence: String(r.sequence), description: r.description, parentCode: r.parent_id ? (codes.get(r.parent_id) ?? '') : '', status: r.status }))
  },
  async importRows(tx, rows, problem, clean) {
    const { idOf } = await treeParents(tx, 'positions', 'code', rows, problem, 'code')
    if (!clean()) return
    const at = isoNow()
    for (const { value: v } of rows) {
      const parent = str(v.parentCode)
      await tx
        .insertInto('positions')
        .values({ id: idOf(str(v.code))!, code: str(v.code), name: str(v.name), sequence: Number(v.sequence), description: str(v.description), parent_id: parent ? idOf(parent) : null, status: str(v.status), created_at: at, updated_at: at })
        .execute()
    }
  },
}

const org: TransferDefinition = {
  columns: ['orgCode', 'orgName', 'orgType', 'city', 'sort', 'parentCode', 'status'].map(col),
  fileKey: 'msg_xls_file_org',
  rowSchema: z.object({ ...orgRuleShape, managerId: z.string().optional(), parentId: z.string().optional(), parentCode: z.string().trim().default('') }),
  async exportRecords(db) {
    const rows = await db.selectFrom('organisations').selectAll().orderBy('sort').orderBy('org_code').execute()
    const codes = new Map(rows.map((r) => [r.id, r.org_code]))
    return rows.map((r) => ({ orgCode: r.org_code, orgName: r.org_name, orgType: r.org_type, city: r.city, sort: String(r.sort), parentCode: r.parent_id ? (codes.get(r.parent_id) ?? '') : '', status: r.status }))
  },
  async importRows(tx, rows, problem, clean) {
    const { idOf } = await treeParents(tx, 'organisations', 'org_code', rows, problem, 'orgCode')
    if (!clean()) return
    const at = isoNow()
    for (const { value: v } of rows) {
      const parent = str(v.parentCode)
      await tx
        .insertInto('organisations')
        .values({ id: idOf(str(v.orgCode))!, org_code: str(v.orgCode), org_name: str(v.orgName), org_type: str(v.orgType), city: str(v.city), sort: Number(v.sort), manager_id: null, parent_id: parent ? idOf(parent) : null, status: str(v.status), created_at: at, updated_at: at })
        .execute()
    }
  },
}

const USER_FIELDS = ['username', 'nickName', 'password', 'gender', 'email', 'mobile', 'phone', 'employeeType', 'canLogin', 'status', 'orgCodes', 'positionCodes']
const user: TransferDefinition = {
  columns: USER_FIELDS.map(col),
  fileKey: 'msg_xls_file_user',
  rowSchema: z.object({
    ...employeeRuleShape,
    orgIds: z.array(z.string()).optional(),
    positionIds: z.array(z.string()).optional(),
    password: passwordSchema,
    orgCodes: codeList,
    positionCodes: codeList,
  }),
  async exportRecords(db) {
    const users = await db.selectFrom('users').selectAll().orderBy('username').execute()
    const orgs = await db.selectFrom('user_orgs').innerJoin('organisations', 'organisations.id', 'user_orgs.org_id').select(['user_orgs.user_id', 'organisations.org_code']).execute()
    const positions = await db.selectFrom('user_positions').innerJoin('positions', 'positions.id', 'user_positions.position_id').select(['user_positions.user_id', 'positions.code']).execute()
    // Passwords are never exported: the column stays, empty, so the sheet imports elsewhere once filled in.
    return users.map((u) => ({
      username: u.username,
      nickName: u.name,
      password: '',
      gender: u.gender,
      email: u.email,
      mobile: u.mobile,
      phone: u.phone,
      employeeType: u.employee_type,
      canLogin: u.can_login,
      status: u.status,
      orgCodes: orgs.filter((o) => o.user_id === u.id).map((o) => o.org_code).join(','),
      positionCodes: positions.filter((p) => p.user_id === u.id).map((p) => p.code).join(','),
    }))
  },
  async prepare(rows) {
    for (const { value } of rows) value.passwordHash = await hashPassword(str(value.password))
  },
  async importRows(tx, rows, problem, clean) {
    const taken = new Set((await tx.selectFrom('users').select('username').execute()).map((u) => u.username.toLowerCase()))
    const orgIds = new Map((await tx.selectFrom('organisations').select(['id', 'org_code']).execute()).map((o) => [o.org_code, o.id]))
    const positionIds = new Map((await tx.selectFrom('positions').select(['id', 'code']).execute()).map((p) => [p.code, p.id]))
    for (const { row, value } of rows) {
      const name = str(value.username).toLowerCase()
      if (taken.has(name)) problem(row, 'username', 'msg_username_duplicate')
      taken.add(name)
      if ((value.orgCodes as string[]).some((c) => !orgIds.has(c))) problem(row, 'orgCodes', 'msg_org_not_found')
      if ((value.positionCodes as string[]).some((c) => !positionIds.has(c))) problem(row, 'positionCodes', 'msg_position_not_found')
    }
    if (!clean()) return
    const at = isoNow()
    for (const { value: v } of rows) {
      const id = newId()
      await tx
        .insertInto('users')
        .values({
          id,
          username: str(v.username),
          name: str(v.nickName),
          password_hash: str(v.passwordHash),
          avatar: null,
          status: str(v.status),
          preference: JSON.stringify(DEFAULT_PREFERENCE),
          gender: str(v.gender),
          email: str(v.email),
          mobile: str(v.mobile),
          phone: str(v.phone),
          employee_type: str(v.employeeType),
          can_login: str(v.canLogin),
          is_sys: '0',
          is_butler: '0',
          // Whoever filled the sheet knows the password: the user replaces it at the first sign-in.
          must_change_password: '1',
          proxy_user_id: '',
          proxy_start: '',
          proxy_end: '',
          created_at: at,
          updated_at: at,
        })
        .execute()
      const orgs = [...new Set(v.orgCodes as string[])].map((c) => ({ user_id: id, org_id: orgIds.get(c)! }))
      const positions = [...new Set(v.positionCodes as string[])].map((c) => ({ user_id: id, position_id: positionIds.get(c)! }))
      if (orgs.length) await tx.insertInto('user_orgs').values(orgs).execute()
      if (positions.length) await tx.insertInto('user_positions').values(positions).execute()
    }
  },
}

const userRole: TransferDefinition = {
  columns: ['username', 'roleCode'].map(col),
  fileKey: 'msg_xls_file_user_role',
  rowSchema: z.object({ username: z.string().trim().min(1, 'msg_username_required'), roleCode: z.string().trim().min(1, 'msg_role_code_required') }),
  async exportRecords(db) {
    const rows = await db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['users.username', 'roles.role_code'])
      .orderBy('users.username')
      .orderBy('roles.role_code')
      .execute()
    return rows.map((r) => ({ username: r.username, roleCode: r.role_code }))
  },
  async importRows(tx, rows, problem, clean, held) {
    const users = new Map((await tx.selectFrom('users').select(['id', 'username', 'status']).execute()).map((u) => [u.username, u]))
    const roles = new Map((await tx.selectFrom('roles').select(['id', 'role_code', 'status']).execute()).map((r) => [r.role_code, r]))
    // Roles carrying a code the importing user lacks (privileges.ts: no escalation by import).
    const beyond = new Set((await tx.selectFrom('role_permissions').select(['role_id', 'permission']).execute()).filter((p) => !held.has(p.permission)).map((p) => p.role_id))
    const links = new Set((await tx.selectFrom('user_roles').select(['user_id', 'role_id']).execute()).map((l) => `${l.user_id} ${l.role_id}`))
    const add: { user_id: string; role_id: string }[] = []
    for (const { row, value } of rows) {
      const u = users.get(str(value.username))
      const r = roles.get(str(value.roleCode))
      if (!u) problem(row, 'username', 'msg_user_not_found')
      else if (u.status !== NORMAL) problem(row, 'username', 'msg_user_not_normal')
      if (!r) problem(row, 'roleCode', 'msg_role_not_found')
      else if (r.status !== NORMAL) problem(row, 'roleCode', 'msg_role_not_normal')
      else if (beyond.has(r.id)) problem(row, 'roleCode', 'msg_grant_beyond_own')
      // Giving a role someone already has changes nothing: not a problem, not a second row.
      if (u && r && !links.has(`${u.id} ${r.id}`)) {
        links.add(`${u.id} ${r.id}`)
        add.push({ user_id: u.id, role_id: r.id })
      }
    }
    if (!clean()) return
    if (add.length) await tx.insertInto('user_roles').values(add).execute()
  },
}

export const transferDefinitions: Record<TransferKind, TransferDefinition> = { org, position, role, userRole, user }
