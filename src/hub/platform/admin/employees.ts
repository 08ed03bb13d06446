import * as contract from '../../../shared/contract/platform/admin/users'
import { NORMAL } from '../../../shared/rules/platform/status'
import { generatePassword, hashPassword } from '../../auth/passwords'
import { revokeUserSessions } from '../../auth/sessions'
import { signedIn } from '../../http/auth'
import { route, type CallContext } from '../../http/context'
import { fieldRefusal } from '../../http/validation'
import { isoNow, newId } from '../../store/ids'
import { ADMIN_ROLE } from '../../store/seed/roles'
import { dictionaryDataRepository } from '../config/dictionaryDataRepository'
import { configDb } from '../config/tables'
import { DEFAULT_PREFERENCE } from '../users'
import { keepAnAdministrator, requireAdministrator, requireMayActOnUser, requireRolesWithinOwn } from '../../authority/grants'
import { orgRepository as orgs } from './orgRepository'
import { positionRepository as positions } from './positionRepository'
import { roleRepository as roles } from './roleRepository'
import { employeeNoDuplicate, orgNotFound, positionNotFound, roleNotFound, roleNotNormal, selfLocked, usernameDuplicate, userNotFound, userNotNormal } from './refusals'
import { userRepository as users } from './userRepository'
import { adminDb, type AdminDb } from './tables'

export const EMPLOYEE_TYPE_DICTIONARY = 'pf_employee_type'

export const employeeQuery = route(contract.employeeQuery, async (input, call) => users.list(adminDb(call.hub.store.db), input))
export const userFindByOrgPositionAndRole = route(contract.userFindByOrgPositionAndRole, async (input, call) => users.list(adminDb(call.hub.store.db), input))

export const employeeGetType = route(contract.employeeGetType, async (_input, call) => {
  const rows = await dictionaryDataRepository.activeOfType(configDb(call.hub.store.db), EMPLOYEE_TYPE_DICTIONARY)
  return rows.map((r) => ({ value: r.dict_value, labelCn: r.dict_label_cn, labelEn: r.dict_label_en }))
})

export const employeeGetById = route(contract.employeeGetById, async ({ id }, call) => users.find(adminDb(call.hub.store.db), id))

export const employeeGetIsLogin = route(contract.employeeGetIsLogin, async ({ id }, call) => {
  const user = await users.find(adminDb(call.hub.store.db), id)
  return { isLogin: user.status === NORMAL && user.canLogin === '1' ? '1' : '0' }
})

/**
 * Nobody can disable themselves (they would lock themselves out), an administrator is enabled or
 * disabled only by an administrator, and the last one not at all; a disabled user's sessions end.
 */
export const employeeStatusUpdate = route(contract.employeeStatusUpdate, async ({ id, status }, call) => {
  const db = adminDb(call.hub.store.db)
  await users.find(db, id)
  if (id === signedIn(call).userId && status !== NORMAL) throw selfLocked()
  await requireMayActOnUser(db, call, id)
  await db.transaction().execute(async (tx) => {
    await users.update(tx, id, { status, updated_at: isoNow() })
    await keepAnAdministrator(tx)
  })
  if (status !== NORMAL) await revokeUserSessions(call.hub.store.db, id)
  return users.find(db, id)
})

/**
 * An administrator's password is reset by an administrator only, anyone else's by someone who
 * holds every permission they hold (authority/grants.ts requireMayActOnUser). The wire contract stays the
 * spec's: a generated password is answered, once, to the operator who did the reset (nowhere
 * else: not stored, not logged), so they can hand it over. Whoever learnt it on the way cannot
 * use it: the user must replace it at the next sign-in before any other call is served
 * (auth/passwordChange.ts), and the user's open sessions end now.
 */
export const employeeResetPassword = route(contract.employeeResetPassword, async ({ id, password }, call) => {
  const db = adminDb(call.hub.store.db)
  await users.find(db, id)
  await requireMayActOnUser(db, call, id)
  const chosen = password ?? generatePassword()
  await users.update(db, id, { password_hash: await hashPassword(chosen), must_change_password: '1', updated_at: isoNow() })
  await revokeUserSessions(call.hub.store.db, id)
  return { password: password === undefined ? chosen : null }
})

/**
 * 'sys' also gives or takes the administrator role, so the flag means what it says; the butler
 * (spec §6: the housekeeper/manager role) is the administrator's deputy. Both are set by an
 * administrator only (privileges.ts), and the last administrator keeps the role.
 */
export const employeeSetSysOrButler = route(contract.employeeSetSysOrButler, async ({ id, kind, value }, call) => {
  const db = adminDb(call.hub.store.db)
  await users.find(db, id)
  if (kind === 'sys' && value === '0' && id === signedIn(call).userId) throw selfLocked()
  await requireAdministrator(db, call)
  await db.transaction().execute(async (tx) => {
    await users.update(tx, id, kind === 'sys' ? { is_sys: value, updated_at: isoNow() } : { is_butler: value, updated_at: isoNow() })
    if (kind === 'sys' && (await users.setAdministratorRole(tx, id, value === '1'))) await keepAnAdministrator(tx)
  })
  return users.find(db, id)
})

type EmployeeInput = Omit<Parameters<typeof employeeUpdate.handle>[0], 'id'>

/** Organisation and position links replaced by the lists the form sent. */
async function saveLinks(db: AdminDb, userId: string, input: EmployeeInput): Promise<void> {
  if (input.proxyUserId) {
    if (input.proxyUserId === userId) throw fieldRefusal('proxyUserId', 'msg_proxy_self')
    if (!(await users.exists(db, { id: input.proxyUserId }))) throw userNotFound()
  }
  const orgIds = [...new Set(input.orgIds)]
  const positionIds = [...new Set(input.positionIds)]
  if ((await orgs.existingIds(db, orgIds)).length !== orgIds.length) throw orgNotFound()
  if ((await positions.existingIds(db, positionIds)).length !== positionIds.length) throw positionNotFound()
  await users.replaceLinks(db, userId, orgIds, positionIds)
}

/**
 * Two users may not share an employee number: an identity provider that maps by it must find
 * one user (auth/sso/userMatch.ts answers nobody for a number two users hold). Checked here, in
 * the transaction that saves it, and not by a unique index: users.employee_no (migration 0021)
 * has none, and one (partial: every user without a number shares '') would be a migration of
 * its own. The check takes a lock on the number first (userRepository.employeeNoTaken), so two
 * saves at once cannot both pass it. Refused like a duplicate username: 4090 and its message.
 */
async function requireEmployeeNoFree(tx: AdminDb, call: CallContext, employeeNo: string, except: string | null): Promise<void> {
  if (employeeNo !== '' && (await users.employeeNoTaken(tx, call.hub.store.kind, employeeNo, except))) throw employeeNoDuplicate()
}

const employeeColumns = (input: EmployeeInput) => ({
  username: input.username,
  name: input.nickName,
  gender: input.gender,
  email: input.email,
  mobile: input.mobile,
  phone: input.phone,
  employee_no: input.employeeNo,
  employee_type: input.employeeType,
  can_login: input.canLogin,
  status: input.status,
  proxy_user_id: input.proxyUserId,
  proxy_start: input.proxyStart,
  proxy_end: input.proxyEnd,
  updated_at: isoNow(),
})

export const employeeCreate = route(contract.employeeCreate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  if (await users.usernameTaken(db, input.username, null)) throw usernameDuplicate()
  const id = newId()
  const passwordHash = await hashPassword(input.password)
  await db.transaction().execute(async (tx) => {
    await requireEmployeeNoFree(tx, call, input.employeeNo, null)
    const values = employeeColumns(input)
    // The administrator chose this password: the user replaces it at the first sign-in.
    await users.insert(tx, { id, ...values, password_hash: passwordHash, must_change_password: '1', avatar: null, is_sys: '0', is_butler: '0', preference: JSON.stringify(DEFAULT_PREFERENCE), created_at: values.updated_at })
    await saveLinks(tx, id, input)
  })
  return users.find(db, id)
})

export const employeeUpdate = route(contract.employeeUpdate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  await users.find(db, input.id)
  if (await users.usernameTaken(db, input.username, input.id)) throw usernameDuplicate()
  if (input.id === signedIn(call).userId && (input.status !== NORMAL || input.canLogin !== '1')) throw selfLocked()
  await requireMayActOnUser(db, call, input.id)
  await db.transaction().execute(async (tx) => {
    await requireEmployeeNoFree(tx, call, input.employeeNo, input.id)
    await users.update(tx, input.id, employeeColumns(input))
    await saveLinks(tx, input.id, input)
    await keepAnAdministrator(tx)
  })
  // Disabled, or no longer allowed into the console: their open sessions end now.
  if (input.status !== NORMAL || input.canLogin !== '1') await revokeUserSessions(call.hub.store.db, input.id)
  return users.find(db, input.id)
})

export const userQuery = route(contract.userQuery, async ({ pageNum, pageSize, username }, call) => {
  const page = await users.list(adminDb(call.hub.store.db), { pageNum, pageSize, username, orgCodes: [], roleCodes: [], positionCodes: [] })
  return { content: page.content.map((e) => users.userRow({ ...e, name: e.nickName })), totalElements: page.totalElements }
})

export const userFindByOrg = route(contract.userFindByOrg, async ({ orgCode }, call) => {
  const db = adminDb(call.hub.store.db)
  const org = await orgs.find(db, { code: orgCode })
  return users.ofOrg(db, org.id)
})

const rolesOf = (call: CallContext, userId: string) => users.roles(adminDb(call.hub.store.db), userId)

export const userListRoles = route(contract.userListRoles, async ({ userId }, call) => {
  await users.find(adminDb(call.hub.store.db), userId)
  return rolesOf(call, userId)
})

/**
 * Spec §4: only a normal user can be given roles, only normal roles can be given. Nobody can
 * take the administrator role away from themselves here; a role is given or taken only by
 * someone who holds all its permissions, and an administrator always remains (privileges.ts).
 */
export const userSetRoles = route(contract.userSetRoles, async ({ userId, roleIds }, call) => {
  const db = adminDb(call.hub.store.db)
  const user = await users.find(db, userId)
  const wanted = [...new Set(roleIds)]
  const given = wanted.length ? await roles.from(db).select(['id', 'role_code', 'status']).where('id', 'in', wanted).execute() : []
  if (given.length !== wanted.length) throw roleNotFound()
  const current = await rolesOf(call, userId)
  const added = given.filter((r) => !current.some((c) => c.id === r.id))
  if (added.length > 0 && user.status !== NORMAL) throw userNotNormal()
  if (added.some((r) => r.status !== NORMAL)) throw roleNotNormal()
  if (userId === signedIn(call).userId && current.some((c) => c.roleCode === ADMIN_ROLE) && !given.some((r) => r.role_code === ADMIN_ROLE)) throw selfLocked()
  const removed = current.filter((c) => !given.some((r) => r.id === c.id))
  await requireRolesWithinOwn(db, call, [...added, ...removed].map((r) => r.id))
  if (added.length || removed.length) await requireMayActOnUser(db, call, userId)
  await db.transaction().execute(async (tx) => {
    await users.replaceRoles(tx, userId, given.map((r) => r.id))
    await keepAnAdministrator(tx)
  })
  return rolesOf(call, userId)
})
