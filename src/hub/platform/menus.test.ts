import { describe, expect, it } from 'vitest'
import { visibleMenuTree, type MenuRow } from './menus'

const row = (id: string, parentId: string | null, type: 'catalog' | 'menu', permission: string | null, weight = 10): MenuRow => ({
  id, parentId, type, permission, weight,
  menuNameZh: id, menuNameEn: id, icon: null, appCode: 'common', component: null, metaData: '{}', params: null, clientRouter: null,
})

const ids = (items: ReturnType<typeof visibleMenuTree>): unknown[] => items.map((m) => (m.children.length ? [m.id, ids(m.children)] : m.id))

describe('visibleMenuTree', () => {
  const rows = [
    row('admin', null, 'catalog', 'admin', 20),
    row('users', 'admin', 'menu', 'admin:users', 20),
    row('roles', 'admin', 'menu', 'admin:roles', 10),
    row('deep', 'admin', 'catalog', 'admin:deep', 30),
    row('hidden', 'deep', 'menu', 'admin:hidden'),
    row('home', null, 'menu', null, 10),
    row('orphan', 'gone', 'menu', null),
  ]

  it('shows what the permissions allow, sorted by weight', () => {
    expect(ids(visibleMenuTree(rows, new Set(['admin', 'admin:users', 'admin:roles', 'admin:deep', 'admin:hidden'])))).toEqual(['home', ['admin', ['roles', 'users', ['deep', ['hidden']]]]])
  })

  it('drops catalogs left without a visible page', () => {
    expect(ids(visibleMenuTree(rows, new Set(['admin', 'admin:deep', 'admin:users'])))).toEqual(['home', ['admin', ['users']]])
    expect(ids(visibleMenuTree(rows, new Set(['admin', 'admin:deep'])))).toEqual(['home'])
  })

  it('hides a whole branch when its catalog is not allowed', () => {
    expect(ids(visibleMenuTree(rows, new Set(['admin:users'])))).toEqual(['home'])
  })
})
