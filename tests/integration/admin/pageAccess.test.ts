import { afterAll, beforeAll, expect, it } from 'vitest'
import * as roles from '../../../src/shared/contract/platform/admin/roles'
import * as users from '../../../src/shared/contract/platform/admin/users'
import type { Role } from '../../../src/shared/contract/platform/admin/roles'
import type { Employee } from '../../../src/shared/contract/platform/admin/users'
import { pageAccess, type PageAccess } from '../../../src/shared/contract/platform/pageAccess'
import { describeEachStore, storeTargets } from '../../support/stores'
import { freshCode, freshLetters, openAdminBench, signInFirstTime, type AdminBench } from './support'

const targets = await storeTargets()
const PASSWORD = 'Emp#Pass12'

/** Issue 24: a page the user may not open is told apart from one that does not exist. */
describeEachStore(targets, 'which permission a page needs (platform.menu.pageAccess)', (target) => {
  let bench: AdminBench
  beforeAll(async () => {
    bench = await openAdminBench(target)
  })
  afterAll(async () => bench?.close())

  /** A signed-in user whose one role grants `permissions`. */
  async function userWith(permissions: string[]): Promise<string> {
    const role = await bench.ok<Role>(roles.roleCreate, { roleCode: freshLetters(), roleName: '页面权限' })
    await bench.ok(roles.roleResAuthSave, { roleId: role.id, permissions })
    const user = await bench.ok<Employee>(users.employeeCreate, { username: freshCode('p'), nickName: '李四', password: PASSWORD })
    await bench.ok(roles.roleSaveRoleUser, { roleId: role.id, userIds: [user.id] })
    return signInFirstTime(bench.hub.app, user.username, PASSWORD)
  }
  const ask = (path: string, token?: string) => bench.ok<PageAccess | null>(pageAccess, { path }, token)

  it('names the page and the permission missing; nothing for an open page or a path that is no page', async () => {
    const token = await userWith(['platform', 'platform:people', 'platform:role'])
    expect(await ask('/platform/user', token)).toEqual({
      page: { menuNameZh: '用户管理', menuNameEn: 'Users' },
      permission: { code: 'platform:user', menuNameZh: '用户管理', menuNameEn: 'Users' },
    })
    // The way the console compares paths: case and a trailing slash do not matter.
    expect((await ask('/Platform/User/', token))?.permission.code).toBe('platform:user')
    // A section the user lacks: the page's own permission is the one named first.
    expect((await ask('/datahub/topic', token))?.permission).toEqual({ code: 'datahub:topic', menuNameZh: '消息主题', menuNameEn: 'Topic flows' })
    expect(await ask('/platform/role', token)).toBeNull()
    expect(await ask('/platform/role/auth', token)).toBeNull()
    expect(await ask('/no/such/page', token)).toBeNull()
    // The administrator may open everything.
    expect(await ask('/platform/user')).toBeNull()
  })

  it('names the section above a page when that is what is missing, and the page a hidden route belongs to', async () => {
    // The menus page granted without its section (the role page adds sections; the hub does not insist).
    const token = await userWith(['platform', 'platform:people', 'platform:user', 'platform:menu'])
    expect(await ask('/platform/menu', token)).toEqual({
      page: { menuNameZh: '菜单管理', menuNameEn: 'Menus' },
      permission: { code: 'platform:system', menuNameZh: '系统配置', menuNameEn: 'System settings' },
    })
    // The role authorisation route (RoleResAuthList) has no menu item: it is the roles page's.
    expect(await ask('/platform/role/auth', token)).toEqual({
      page: { menuNameZh: '角色管理', menuNameEn: 'Roles' },
      permission: { code: 'platform:role', menuNameZh: '角色管理', menuNameEn: 'Roles' },
    })
    expect(await ask('/platform/user', token)).toBeNull()
  })
})
