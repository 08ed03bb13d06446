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
import type { StoreKind } from '../../../store'
import { DEFAULT_PREFERENCE } from '../../users'
import { orgRepository } from '../orgRepository'
import { positionRepository } from '../positionRepository'
import { roleRepository } from '../roleRepository'
import type { AdminDb } from '../tables'
import type { CodedRow } from '../tree'
import { actOnUserRefusalFor, type Standing } from '../../../authority/grants'
import { userRepository } from '../userRepository'
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
   * unless `clean()` says some row of the file has a problem: then it writes nothing. `caller`:
   * the importing user's standing (authority/grants.ts): a role is given only by someone holding
   * all of its codes, to a user the importer may act on.
   */
  importRows(tx: AdminDb, rows: ParsedRow[], problem: Problem, clean: () => boolean, caller: Standing, storeKind: StoreKind): Promise<void>
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

/** Parent codes of a tree import: existing records or rows above in the same file. */
function treeParents(existing: readonly CodedRow[], duplicateKey: string, rows: ParsedRow[], problem: Problem, codeField: string) {
  const known = new Map(existing.map((r) => [r.code, { id: r.id, status: r.status }]))
  const planned = new Map<string, { id: string; status: string }>()
  for (const { row, value } of rows) {
    const code = str(value[codeField])
    if (known.has(code) || planned.has(code)) problem(row, codeField, duplicateKey)
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
    const rows = await roleRepository.all(roleRepository.from(db).selectAll().orderBy('role_code'))
    return rows.map((r) => ({ roleCode: r.roleCode, roleName: r.roleName, roleType: r.roleType, status: r.status }))
  },
  async importRows(tx, rows, problem, clean) {
    const taken = new Set((await roleRepository.codes(tx)).map((r) => r.code))
    for (const { row, value } of rows) {
      if (taken.has(str(value.roleCode))) problem(row, 'roleCode', 'msg_role_code_duplicate')
      taken.add(str(value.roleCode))
    }
    if (!clean()) return
    const at = isoNow()
    for (const { value: v } of rows) {
      await roleRepository.insert(tx, { id: newId(), role_code: str(v.roleCode), role_name: str(v.roleName), role_type: str(v.roleType), is_sys: '0', status: str(v.status), created_at: at, updated_at: at })
    }
  },
}

const position: TransferDefinition = {
  columns: ['code', 'name', 'sequence', 'description', 'parentCode', 'status'].map(col),
  fileKey: 'msg_xls_file_position',
  rowSchema: z.object({ ...positionRuleShape, parentId: z.string().optional(), parentCode: z.string().trim().default('') }),
  async exportRecords(db) {
    const rows = await positionRepository.boundToAny(db, [])
    const codes = new Map(rows.map((r) => [r.id, r.code]))
    return rows.map((r) => ({ code: r.code, name: r.name, sequence: String(r.sequence), description: r.description, parentCode: r.parent_id ? (codes.get(r.parent_id) ?? '') : '', status: r.status }))
  },
  async importRows(tx, rows, problem, clean) {
    const { idOf } = treeParents(await positionRepository.codes(tx), 'msg_position_duplicate', rows, problem, 'code')
    if (!clean()) return
    const at = isoNow()
    for (const { value: v } of rows) {
      const parent = str(v.parentCode)
      await positionRepository.insert(tx, { id: idOf(str(v.code))!, code: str(v.code), name: str(v.name), sequence: Number(v.sequence), description: str(v.description), parent_id: parent ? idOf(parent) : null, status: str(v.status), created_at: at, updated_at: at })
    }
  },
}

const org: TransferDefinition = {
  columns: ['orgCode', 'orgName', 'orgType', 'city', 'sort', 'parentCode', 'status'].map(col),
  fileKey: 'msg_xls_file_org',
  rowSchema: z.object({ ...orgRuleShape, managerId: z.string().optional(), parentId: z.string().optional(), parentCode: z.string().trim().default('') }),
  async exportRecords(db) {
    const rows = await orgRepository.ordered(db).execute()
    const codes = new Map(rows.map((r) => [r.id, r.org_code]))
    return rows.map((r) => ({ orgCode: r.org_code, orgName: r.org_name, orgType: r.org_type, city: r.city, sort: String(r.sort), parentCode: r.parent_id ? (codes.get(r.parent_id) ?? '') : '', status: r.status }))
  },
  async importRows(tx, rows, problem, clean) {
    const { idOf } = treeParents(await orgRepository.codes(tx), 'msg_org_code_duplicate', rows, problem, 'orgCode')
    if (!clean()) return
    const at = isoNow()
    for (const { value: v } of rows) {
      const parent = str(v.parentCode)
      await orgRepository.insert(tx, {
        id: idOf(str(v.orgCode))!,
        org_code: str(v.orgCode),
        org_name: str(v.orgName),
        org_type: str(v.orgType),
        city: str(v.city),
        sort: Number(v.sort),
        manager_id: null,
        parent_id: parent ? idOf(parent) : null,
        status: str(v.status),
        created_at: at,
        updated_at: at,
      })
    }
  },
}

const USER_FIELDS = ['username', 'nickName', 'password', 'gender', 'email', 'mobile', 'phone', 'employeeType', 'employeeNo', 'canLogin', 'status', 'orgCodes', 'positionCodes']
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
    const users = await userRepository.byUsername(db)
    const { orgs, positions } = await userRepository.linkCodes(db)
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
      employeeNo: u.employee_no,
      canLogin: u.can_login,
      status: u.status,
      orgCodes: orgs.filter((o) => o.user_id === u.id).map((o) => o.code).join(','),
      positionCodes: positions.filter((p) => p.user_id === u.id).map((p) => p.code).join(','),
    }))
  },
  async prepare(rows) {
    for (const { value } of rows) value.passwordHash = await hashPassword(str(value.password))
  },
  async importRows(tx, rows, problem, clean, _caller, storeKind) {
    const taken = new Set((await userRepository.names(tx)).map((u) => u.username.toLowerCase()))
    // Employee numbers (the SSO match): none used twice in the sheet, nor one another user has —
    // checked, with its lock on PostgreSQL, as the user editor's save checks it.
    const numbers = new Set<string>()
    const orgIds = new Map((await orgRepository.codes(tx)).map((o) => [o.code, o.id]))
    const positionIds = new Map((await positionRepository.codes(tx)).map((p) => [p.code, p.id]))
    for (const { row, value } of rows) {
      const name = str(value.username).toLowerCase()
      if (taken.has(name)) problem(row, 'username', 'msg_username_duplicate')
      taken.add(name)
      if ((value.orgCodes as string[]).some((c) => !orgIds.has(c))) problem(row, 'orgCodes', 'msg_org_not_found')
      if ((value.positionCodes as string[]).some((c) => !positionIds.has(c))) problem(row, 'positionCodes', 'msg_position_not_found')
      const employeeNo = str(value.employeeNo)
      if (employeeNo !== '') {
        if (numbers.has(employeeNo) || (await userRepository.employeeNoTaken(tx, storeKind, employeeNo, null))) problem(row, 'employeeNo', 'msg_employee_no_duplicate')
        numbers.add(employeeNo)
      }
    }
    if (!clean()) return
    const at = isoNow()
    for (const { value: v } of rows) {
      const id = newId()
      await userRepository.insert(tx, {
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
        employee_no: str(v.employeeNo),
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
      const orgs = [...new Set(v.orgCodes as string[])].map((c) => orgIds.get(c)!)
      const positions = [...new Set(v.positionCodes as string[])].map((c) => positionIds.get(c)!)
      await userRepository.replaceLinks(tx, id, orgs, positions)
    }
  },
}

const userRole: TransferDefinition = {
  columns: ['username', 'roleCode'].map(col),
  fileKey: 'msg_xls_file_user_role',
  rowSchema: z.object({ username: z.string().trim().min(1, 'msg_username_required'), roleCode: z.string().trim().min(1, 'msg_role_code_required') }),
  async exportRecords(db) {
    const rows = await userRepository.roleLinksByName(db)
    return rows.map((r) => ({ username: r.username, roleCode: r.role_code }))
  },
  async importRows(tx, rows, problem, clean, caller) {
    const { held } = caller
    const users = new Map((await userRepository.names(tx)).map((u) => [u.username, u]))
    const roles = new Map((await roleRepository.codes(tx)).map((r) => [r.code, r]))
    // Roles carrying a code the importing user lacks (privileges.ts: no escalation by import).
    const beyond = new Set((await roleRepository.grants(tx)).filter((p) => !held.has(p.permission)).map((p) => p.role_id))
    const links = new Set((await userRepository.roleLinks(tx)).map((l) => `${l.user_id} ${l.role_id}`))
    const add: { user_id: string; role_id: string }[] = []
    // Users the importer may not act on (a richer one, an administrator): their refusal's key.
    const refusedOf = new Map<string, string | null>()
    const refused = async (userId: string) => {
      if (!refusedOf.has(userId)) refusedOf.set(userId, (await actOnUserRefusalFor(tx, caller, userId))?.messageKey ?? null)
      return refusedOf.get(userId) ?? null
    }
    for (const { row, value } of rows) {
      const u = users.get(str(value.username))
      const r = roles.get(str(value.roleCode))
      const beyondUser = u ? await refused(u.id) : null
      if (!u) problem(row, 'username', 'msg_user_not_found')
      else if (u.status !== NORMAL) problem(row, 'username', 'msg_user_not_normal')
      else if (beyondUser) problem(row, 'username', beyondUser)
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
    await userRepository.addRoleLinks(tx, add)
  },
}

export const transferDefinitions: Record<TransferKind, TransferDefinition> = { org, position, role, userRole, user }
