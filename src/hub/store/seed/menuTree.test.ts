import { describe, expect, it } from 'vitest'
import { hiddenRoutes, menuPermissions, menuTree, type MenuNode } from './menuTree'

const all = (nodes: readonly MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])])
const pages = all(menuTree).filter((n) => n.page)

describe('the seeded menu', () => {
  it('gives every item its own key and permission code, every page its own route and path', () => {
    const unique = (values: string[]) => expect(new Set(values).size).toBe(values.length)
    unique(all(menuTree).map((n) => n.key))
    unique(menuPermissions())
    unique([...pages.map((n) => n.page!.route), ...hiddenRoutes.map((r) => r.route)])
    unique([...pages.map((n) => n.page!.path), ...hiddenRoutes.map((r) => r.path)])
  })

  it('names every item in Chinese and English, with an icon', () => {
    for (const n of all(menuTree)) {
      expect(n.zh, n.key).toMatch(/[\u4e00-\u9fff]/)
      expect(n.en, n.key).toMatch(/^[A-Z]/)
      expect(n.icon, n.key).toMatch(/^[A-Z]\w+Regular$/)
    }
  })

  it('places pages under their module: codes start with the module code', () => {
    for (const module of menuTree) {
      for (const n of all(module.children ?? [])) expect(n.permission.startsWith(`${module.permission}:`), n.key).toBe(true)
    }
  })

  it('puts data hub pages under appCode datahub and platform pages under common', () => {
    expect(menuTree.find((m) => m.key === 'datahub')?.appCode).toBe('datahub')
    expect(menuTree.find((m) => m.key === 'platform')?.appCode).toBe('common')
  })
})
