// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { MenuItem } from '../../shared/contract/platform/startup'
import { buildHiddenRoutes, buildMenuRoutes, folderFor, menuChain, menuName, pageKey, parseRouteMeta } from './menuRoutes'

const item = (id: string, path: string | null, children: MenuItem[] = [], extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  parentId: null,
  menuNameZh: `菜单${id}`,
  menuNameEn: `Menu ${id}`,
  icon: null,
  permission: null,
  weight: 0,
  type: children.length ? 'catalog' : 'menu',
  appCode: 'platform',
  component: null,
  metaData: '',
  params: null,
  clientRouter: path ? { path } : null,
  children,
  ...extra,
})

const tree = [
  item('sys', null, [item('users', 'system/user', [], { component: 'views/system/user/index.vue' }), item('roles', '/system/role', [], { metaData: '{"keepAlive":true}' })]),
  item('hub', null, [item('topics', '/datahub/topic', [], { appCode: 'datahub', component: 'topic/index' })]),
]

describe('menu routes', () => {
  it('makes one route per item with a client path, absolute, with page folder and key', () => {
    const routes = buildMenuRoutes(tree)
    expect(routes.map((r) => [r.path, r.folder, r.page])).toEqual([
      ['/system/user', 'common', 'system/user'],
      ['/system/role', 'common', null],
      ['/datahub/topic', 'datahub', 'topic'],
    ])
  })

  it('routes client routes no menu shows, only under a menu page the user sees', () => {
    const router = (name: string, path: string) => ({ id: name, name, path, component: name, appCode: 'common', metaData: '{"keepAlive":true}' })
    const routes = buildMenuRoutes(tree)
    const hidden = buildHiddenRoutes(
      [router('RoleResAuthList', '/system/role/auth'), router('UserList', '/system/user'), router('OrgAuth', '/system/org/auth'), router('Roleish', '/system/roles')],
      routes,
    )
    // Already a menu route: no second route; under a page the user does not see: none; a sibling
    // whose path merely starts with the same letters is not "under" it.
    expect(hidden.map((r) => [r.path, r.folder, r.page, r.meta.keepAlive, r.item.menuNameZh])).toEqual([['/system/role/auth', 'common', 'RoleResAuthList', true, 'RoleResAuthList']])
  })

  it('parses metaData JSON, keepAlive false by default and on malformed JSON', () => {
    expect(parseRouteMeta('')).toEqual({ keepAlive: false })
    expect(parseRouteMeta('{"keepAlive":true,"title":"x"}')).toEqual({ keepAlive: true, title: 'x' })
    expect(parseRouteMeta('{oops')).toEqual({ keepAlive: false })
    expect(parseRouteMeta('[1]')).toEqual({ keepAlive: false })
  })

  it('keeps the first of two items sharing a path', () => {
    const routes = buildMenuRoutes([item('a', '/x'), item('b', '/X/')])
    expect(routes.map((r) => r.id)).toEqual(['a'])
  })

  it('throws on data that is not a menu tree (the spec route build failure)', () => {
    expect(() => buildMenuRoutes({} as unknown as MenuItem[])).toThrow()
    expect(() => buildMenuRoutes([null as unknown as MenuItem])).toThrow()
  })

  it('finds the breadcrumb chain of a path', () => {
    expect(menuChain(tree, '/system/role').map((i) => i.id)).toEqual(['sys', 'roles'])
    expect(menuChain(tree, '/nowhere')).toEqual([])
  })

  it('resolves platform pages under common, others by application code', () => {
    expect(folderFor('platform')).toBe('common')
    expect(folderFor('')).toBe('common')
    expect(folderFor('DataHub')).toBe('datahub')
    expect(pageKey('@/views/system/user/index.vue')).toBe('system/user')
    expect(pageKey('')).toBeNull()
  })

  it('names items by locale, falling back to the other language', () => {
    expect(menuName(tree[0]!, 'zh-CN')).toBe('菜单sys')
    expect(menuName(tree[0]!, 'en')).toBe('Menu sys')
    expect(menuName({ menuNameZh: '只有中文', menuNameEn: '' }, 'en')).toBe('只有中文')
  })
})
