import { afterAll, beforeAll, expect, it } from 'vitest'
import * as menus from '../../../src/shared/contract/platform/admin/menus'
import * as orgs from '../../../src/shared/contract/platform/admin/orgs'
import * as roles from '../../../src/shared/contract/platform/admin/roles'
import * as users from '../../../src/shared/contract/platform/admin/users'
import type { MenuRecord } from '../../../src/shared/contract/platform/admin/menus'
import type { Org } from '../../../src/shared/contract/platform/admin/orgs'
import type { Role } from '../../../src/shared/contract/platform/admin/roles'
import type { Employee } from '../../../src/shared/contract/platform/admin/users'
import { clientRouterListAll, menuList } from '../../../src/shared/contract/platform/startup'
import { login, me } from '../../../src/shared/contract/platform/session'
import { signIn } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, freshCode, freshLetters, openAdminBench, refusal, signInFirstTime, type AdminBench } from './support'

const targets = await storeTargets()
const PASSWORD = 'Emp#Pass12'

describeEachStore(targets, 'users and menus', (target) => {
  let bench: AdminBench
  beforeAll(async () => {
    bench = await openAdminBench(target)
  })
  afterAll(async () => bench?.close())

  const newUser = (overrides: Record<string, unknown> = {}) => bench.ok<Employee>(users.employeeCreate, { username: freshCode('u'), nickName: '李四', password: PASSWORD, ...overrides })

  it('checks the username rule (5-20 letters or digits), its uniqueness and the contact formats', async () => {
    expect(fieldKeys(await bench.send(users.employeeCreate, { username: 'abcd', nickName: '李四', password: PASSWORD, email: 'no-at', mobile: '123' }))).toEqual({
      username: 'msg_username_rule',
      email: 'msg_email_rule',
      mobile: 'msg_phone_rule',
    })
    expect(fieldKeys(await bench.send(users.employeeCreate, { username: 'zhang_san', nickName: '李四', password: 'short' }))).toEqual({ username: 'msg_username_rule', password: 'msg_password_rule' })
    const user = await newUser()
    expect(refusal(await bench.send(users.employeeCreate, { username: user.username.toUpperCase(), nickName: '王五', password: PASSWORD }))).toEqual({ code: '4090', message: '用户名已存在' })
    expect(refusal(await bench.send(users.employeeGetById, { id: 'missing' }))).toEqual({ code: '4040', message: '用户不存在' })
  })

  it('keeps an employee number (issue 17): answered in detail and list, found by the keyword, changed by update', async () => {
    const no = freshCode('E')
    const user = await newUser({ employeeNo: `  ${no} ` })
    expect(user.employeeNo).toBe(no)
    expect((await bench.ok<Employee>(users.employeeGetById, { id: user.id })).employeeNo).toBe(no)
    const listed = await bench.ok<{ content: Employee[] }>(users.employeeQuery, { username: user.username })
    expect(listed.content.map((e) => [e.id, e.employeeNo])).toEqual([[user.id, no]])
    expect((await bench.ok<{ content: Employee[] }>(users.employeeQuery, { username: no.toLowerCase() })).content.map((e) => e.id)).toEqual([user.id])
    const renumbered = await bench.ok<Employee>(users.employeeUpdate, { ...user, employeeNo: `${no}9` })
    expect(renumbered.employeeNo).toBe(`${no}9`)
    expect((await bench.ok<Employee>(users.employeeGetById, { id: user.id })).employeeNo).toBe(`${no}9`)
    // Empty means none, and any number of users have none.
    expect((await bench.ok<Employee>(users.employeeUpdate, { ...renumbered, employeeNo: '' })).employeeNo).toBe('')
    expect((await newUser()).employeeNo).toBe('')
    expect(fieldKeys(await bench.send(users.employeeCreate, { username: freshCode('u'), nickName: '李四', password: PASSWORD, employeeNo: 'x'.repeat(65) }))).toEqual({ employeeNo: 'msg_employee_no_rule' })
  })

  it('refuses an employee number another user has, on create and update, and saves nothing', async () => {
    const no = freshCode('E')
    const holder = await newUser({ employeeNo: no })
    const username = freshCode('u')
    expect(refusal(await bench.send(users.employeeCreate, { username, nickName: '王五', password: PASSWORD, employeeNo: no }))).toEqual({ code: '4090', message: '该工号已被其他用户使用' })
    expect((await bench.ok<{ totalElements: number }>(users.employeeQuery, { username })).totalElements).toBe(0)
    const other = await newUser({ nickName: '钱七' })
    const answer = await bench.send(users.employeeUpdate, { ...other, nickName: '孙八', employeeNo: no }, { locale: 'en' })
    expect(refusal(answer)).toEqual({ code: '4090', message: 'Another user already has this employee number' })
    expect(await bench.ok<Employee>(users.employeeGetById, { id: other.id })).toMatchObject({ nickName: '钱七', employeeNo: '' })
    // The holder saving their own number again is no duplicate.
    expect((await bench.ok<Employee>(users.employeeUpdate, { ...holder, nickName: '周九' })).employeeNo).toBe(no)
    // Two creates of one number at once: one is saved, the other refused (the check holds a lock on the number).
    const racing = freshCode('E')
    const answers = await Promise.all([freshCode('u'), freshCode('u')].map((name) => bench.send(users.employeeCreate, { username: name, nickName: '吴十', password: PASSWORD, employeeNo: racing })))
    expect(answers.map((a) => a.body.code).sort()).toEqual(['2000', '4090'])
    expect((await bench.ok<{ totalElements: number }>(users.employeeQuery, { username: racing })).totalElements).toBe(1)
  })

  it('queries employees by username, organisation and role, with their names listed', async () => {
    const org = await bench.ok<Org>(orgs.orgCreate, { orgCode: freshCode('o'), orgName: '财务部' })
    const role = await bench.ok<Role>(roles.roleCreate, { roleCode: freshLetters(), roleName: '会计' })
    const user = await newUser({ nickName: '赵六', orgIds: [org.id] })
    await bench.ok(users.userSetRoles, { userId: user.id, roleIds: [role.id] })
    const byOrg = await bench.ok<{ content: Employee[]; totalElements: number }>(users.employeeQuery, { orgCodes: org.orgCode })
    expect(byOrg.totalElements).toBe(1)
    expect(byOrg.content[0]).toMatchObject({ username: user.username, nickName: '赵六', orgNames: ['财务部'], roleNames: ['会计'] })
    const byRole = await bench.ok<{ totalElements: number }>(users.userFindByOrgPositionAndRole, { roleCodes: [role.roleCode], orgCodes: [org.orgCode] })
    expect(byRole.totalElements).toBe(1)
    expect((await bench.ok<{ id: string }[]>(users.userFindByOrg, { orgCode: org.orgCode })).map((u) => u.id)).toEqual([user.id])
    expect((await bench.ok<Role[]>(users.userListRoles, { userId: user.id })).map((r) => r.roleCode)).toEqual([role.roleCode])
  })

  it('gives roles to normal users only, and disabling a user ends their sessions and sign-in', async () => {
    const role = await bench.ok<Role>(roles.roleCreate, { roleCode: freshLetters(), roleName: '出纳' })
    const user = await newUser()
    const token = await signIn(bench.hub.app, user.username, PASSWORD)
    await bench.ok(users.employeeStatusUpdate, { id: user.id, status: '0' })
    expect((await bench.send(me, undefined, { token })).body.code).toBe('4030')
    expect((await bench.send(login, { username: user.username, password: PASSWORD }, { token: null })).body.code).toBe('4010')
    expect(refusal(await bench.send(users.userSetRoles, { userId: user.id, roleIds: [role.id] }))).toEqual({ code: '4090', message: '只有正常状态的用户才能分配角色' })
    const admin = (await bench.ok<{ id: string }>(me)).id
    expect(refusal(await bench.send(users.employeeStatusUpdate, { id: admin, status: '0' }))).toEqual({ code: '4090', message: '不能停用自己、取消自己的管理员身份或移除自己的管理员角色' })
  })

  it("keeps a user without the 'able to log in to the back office' flag out of the console, and ends their sessions", async () => {
    const user = await newUser({ canLogin: '0' })
    expect(user.canLogin).toBe('0')
    // The same answer as a wrong password: the refusal does not tell which it was.
    expect(refusal(await bench.send(login, { username: user.username, password: PASSWORD }, { token: null }))).toEqual({ code: '4010', message: '用户名或密码错误' })
    await bench.ok(users.employeeUpdate, { ...user, canLogin: '1' })
    const token = await signIn(bench.hub.app, user.username, PASSWORD)
    await bench.ok(users.employeeUpdate, { ...user, canLogin: '0' })
    expect((await bench.send(me, undefined, { token })).body.code).toBe('4030')
    const admin = await bench.ok<Employee>(users.employeeGetById, { id: (await bench.ok<{ id: string }>(me)).id })
    expect((await bench.send(users.employeeUpdate, { ...admin, canLogin: '0' })).body.code).toBe('4090')
  })

  it('resets a password: a generated one is answered once and works; the old one does not', async () => {
    const user = await newUser()
    const { password } = await bench.ok<{ password: string }>(users.employeeResetPassword, { id: user.id })
    expect(password).toEqual(expect.any(String))
    expect((await bench.send(login, { username: user.username, password: PASSWORD }, { token: null })).body.code).toBe('4010')
    // It signs in, to be changed at once (tests/security/forcedPasswordChange.test.ts has the rest).
    expect((await bench.send(login, { username: user.username, password }, { token: null })).body.data).toMatchObject({ mustChangePassword: true })
    expect(await bench.ok(users.employeeResetPassword, { id: user.id, password: 'New#Pass123' })).toEqual({ password: null })
    await signIn(bench.hub.app, user.username, 'New#Pass123')
  })

  it('keeps a proxy user with a date range (start not after end) and a person in charge of organisations', async () => {
    const boss = await newUser({ nickName: '老板' })
    expect(fieldKeys(await bench.send(users.employeeCreate, { username: freshCode('u'), nickName: '秘书', password: PASSWORD, proxyUserId: boss.id, proxyStart: '2025-02-01', proxyEnd: '2025-01-01' }))).toEqual({
      proxyEnd: 'msg_date_range_order',
    })
    expect(fieldKeys(await bench.send(users.employeeCreate, { username: freshCode('u'), nickName: '秘书', password: PASSWORD, proxyUserId: boss.id }))).toEqual({ proxyEnd: 'msg_proxy_dates_required' })
    const clerk = await newUser({ proxyUserId: boss.id, proxyStart: '2025-01-01', proxyEnd: '2025-01-31' })
    expect(clerk).toMatchObject({ proxyUserId: boss.id, proxyUserName: '老板', proxyStart: '2025-01-01', proxyEnd: '2025-01-31' })
    expect(fieldKeys(await bench.send(users.employeeUpdate, { ...clerk, proxyUserId: clerk.id }))).toEqual({ proxyUserId: 'msg_proxy_self' })
    const org = await bench.ok<Org>(orgs.orgCreate, { orgCode: freshCode('o'), orgName: '法务部', managerId: boss.id })
    expect(org.managerName).toBe('老板')
    const token = await signInFirstTime(bench.hub.app, boss.username, PASSWORD)
    await bench.ok(users.employeeSetSysOrButler, { id: boss.id, kind: 'sys', value: '1' })
    expect((await bench.ok<Org[]>(orgs.orgManagerList, undefined, token)).map((o) => o.id)).toEqual([org.id])
  })

  it('makes a user an administrator with the flag (and the administrator role)', async () => {
    const user = await newUser()
    const flagged = await bench.ok<Employee>(users.employeeSetSysOrButler, { id: user.id, kind: 'sys', value: '1' })
    expect(flagged).toMatchObject({ isSys: '1', roleNames: ['系统管理员'] })
    const token = await signInFirstTime(bench.hub.app, user.username, PASSWORD)
    expect((await bench.send(users.employeeQuery, {}, { token })).body.code).toBe('2000')
    expect((await bench.ok<Employee>(users.employeeSetSysOrButler, { id: user.id, kind: 'sys', value: '0' })).roleNames).toEqual([])
  })

  it('creates a menu page with its client route, moves and deletes it with its children', async () => {
    const catalog = await bench.ok<MenuRecord>(menus.menuCreate, { type: 'catalog', menuNameZh: '报表', menuNameEn: 'Reports', permission: 'platform', weight: 5 })
    const routerName = `R${freshLetters()}`
    const page = await bench.ok<MenuRecord>(menus.menuCreate, { type: 'menu', menuNameZh: '日报', menuNameEn: 'Daily', parentId: catalog.id, href: '/reports/daily', routerName, permission: 'platform:role' })
    expect(page).toMatchObject({ parentId: catalog.id, href: '/reports/daily', routerName, appCode: 'common' })
    expect((await bench.ok<{ name: string; path: string }[]>(clientRouterListAll)).find((r) => r.name === routerName)?.path).toBe('/reports/daily')
    const visible = await bench.ok<{ id: string; children: { id: string }[] }[]>(menuList)
    expect(visible.find((m) => m.id === catalog.id)?.children.map((c) => c.id)).toEqual([page.id])
    expect(fieldKeys(await bench.send(menus.menuCreate, { type: 'menu', menuNameZh: '周报', menuNameEn: 'Weekly', href: 'reports', params: '{x' }))).toEqual({
      href: 'msg_menu_href_rule',
      params: 'msg_menu_params_rule',
      routerName: 'msg_menu_router_required',
    })
    expect(refusal(await bench.send(menus.menuCreate, { type: 'menu', menuNameZh: '周报', menuNameEn: 'Weekly', href: '/reports/weekly', routerName }))).toEqual({ code: '4090', message: '路由名称已被其他菜单使用' })
    expect(refusal(await bench.send(menus.menuUpdate, { ...catalog, parentId: page.id }))).toEqual({ code: '4090', message: '上级不存在，或是自己及自己的下级' })
    await bench.ok(menus.menuDelete, { id: catalog.id })
    expect((await bench.send(menus.menuDetail, { id: page.id })).body.code).toBe('4040')
  })
})
