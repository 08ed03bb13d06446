import type { Employee } from '../../shared/contract/platform/admin/users'
import type { SessionUser } from '../../shared/contract/platform/session'
import type { MenuItem } from '../../shared/contract/platform/startup'
import { ok, type FakeHubHandler } from './fakeBridge'

export const adminUser: SessionUser = {
  id: 'u1',
  username: 'admin',
  name: '系统管理员',
  avatar: null,
  roles: ['admin'],
  preference: { theme: 'system', locale: 'cn' },
}

export const menu = (id: string, zh: string, en: string, path: string | null, children: MenuItem[] = [], extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  parentId: null,
  menuNameZh: zh,
  menuNameEn: en,
  icon: null,
  permission: null,
  weight: 0,
  type: children.length ? 'catalog' : 'menu',
  appCode: 'platform',
  component: null,
  metaData: '{"keepAlive":false}',
  params: null,
  clientRouter: path ? { path } : null,
  children,
  ...extra,
})

export const sampleMenus: MenuItem[] = [
  menu('sys', '系统管理', 'System', null, [menu('users', '用户管理', 'Users', '/system/user', [], { component: 'system/user/index' })]),
  menu('hub', '数据中心', 'Data hub', null, [menu('topics', '消息主题', 'Topics', '/datahub/topic', [], { appCode: 'datahub', component: 'topic/index' })]),
]

/** The hub answers a signed-in console needs (me, permissions, menus, product, parameters, dictionaries, health). */
export const signedInHub = (menus: MenuItem[] = sampleMenus): Record<string, FakeHubHandler> => ({
  'platform.me': ok(adminUser),
  'platform.permission.myPermission.listAll': ok(['system:user:list']),
  'platform.menu.list': ok(menus),
  'platform.firstpage.getInitData': ok({ productName: '数据交换中心', productNameEn: 'DataHub', hubVersion: '0.1.0', themeSwitch: '1', usageInformation: '' }),
  'platform.parameter.listAll': ok([{ parameterKey: 'theme.color', parameterValue: '#4DA1FF' }]),
  'platform.dictionaryData.all': ok([]),
  'platform.i18n': ok({ messages: {}, langSwitch: '1' }),
  'hub.health': ok({ version: '0.1.0', store: 'sqlite', uptimeSeconds: 3725 }),
  'platform.me.update': ok(adminUser),
  'platform.logout': ok(null),
  'platform.pfAcData.pushData': ok(null),
})

/** An employee row as the user list and the choosers get it: empty where not given. */
export const makeEmployee = (over: Partial<Employee> & Pick<Employee, 'id' | 'username'>): Employee => ({
  nickName: '',
  gender: '',
  email: '',
  mobile: '',
  phone: '',
  employeeNo: '',
  employeeType: '',
  canLogin: '1',
  isSys: '0',
  isButler: '0',
  status: '1',
  orgIds: [],
  orgNames: [],
  positionIds: [],
  positionNames: [],
  roleNames: [],
  proxyUserId: '',
  proxyUserName: '',
  proxyStart: '',
  proxyEnd: '',
  updatedDate: '',
  ...over,
})
