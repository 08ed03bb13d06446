import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import type { Locale } from '../../shared/locale'
import { appMenuTemplate, type AppMenuInput } from './appMenu'

const build = (over: Partial<AppMenuInput> = {}) => {
  const chosen: Locale[] = []
  let about = 0
  const template = appMenuTemplate({
    platform: 'linux',
    appName: 'DataHub Console',
    locale: 'zh-CN',
    isDev: false,
    onLocale: (l) => chosen.push(l),
    onAbout: () => (about += 1),
    ...over,
  })
  return { template, chosen, about: () => about }
}
const items = (menu: MenuItemConstructorOptions | undefined) => (menu?.submenu ?? []) as MenuItemConstructorOptions[]
const byLabel = (template: MenuItemConstructorOptions[], label: string) => template.find((m) => m.label === label)
const roles = (menu: MenuItemConstructorOptions | undefined) => items(menu).filter((i) => i.role).map((i) => i.role)
const click = (item: MenuItemConstructorOptions | undefined) => (item?.click as (() => void) | undefined)?.()

describe('application menu', () => {
  it('macOS: the app menu comes first with About, Services, Hide and Quit, and a Window menu follows', () => {
    const { template } = build({ platform: 'darwin', locale: 'en' })
    expect(template.map((m) => m.label)).toEqual(['DataHub Console', 'File', 'Edit', 'View', 'Language', 'Window'])
    expect(roles(template[0])).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit'])
    expect(items(template[0]).find((i) => i.role === 'quit')?.label).toBe('Quit DataHub Console')
    expect(roles(byLabel(template, 'File'))).toEqual(['close'])
    expect(roles(byLabel(template, 'Window'))).toEqual(['minimize', 'zoom', 'front'])
  })

  it('Windows and Linux: File → Exit, and About under Help; no macOS-only menus', () => {
    for (const platform of ['win32', 'linux']) {
      const { template, about } = build({ platform, locale: 'en' })
      expect(template.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Language', 'Help'])
      expect(items(template[0])).toEqual([{ role: 'quit', label: 'Exit' }])
      const help = items(byLabel(template, 'Help'))
      expect(help.map((i) => i.label)).toEqual(['About DataHub Console'])
      click(help[0])
      expect(about()).toBe(1)
      expect(JSON.stringify(template)).not.toMatch(/"role":"(services|hide|hideOthers|unhide|front)"/)
    }
  })

  it('Edit uses the native roles (so copy/paste shortcuts work in every field)', () => {
    expect(roles(build().template[1])).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'delete', 'selectAll'])
  })

  it('View: reload, zoom reset/in/out, full screen; developer tools only in development', () => {
    expect(roles(build().template[2])).toEqual(['reload', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen'])
    expect(roles(build({ isDev: true }).template[2])).toContain('toggleDevTools')
  })

  it('labels follow the language, Chinese by default', () => {
    const { template } = build()
    expect(template.map((m) => m.label)).toEqual(['文件', '编辑', '视图', '语言', '帮助'])
    expect(items(template[1]).map((i) => i.label).filter(Boolean)).toEqual(['撤销', '重做', '剪切', '复制', '粘贴', '删除', '全选'])
    expect(items(template[4])[0]?.label).toBe('关于 DataHub Console')
  })

  it('the language menu checks the current language, names each in itself, and reports the choice', () => {
    const { template, chosen } = build({ locale: 'en' })
    const langs = items(byLabel(template, 'Language'))
    expect(langs.map((i) => [i.label, i.type, i.checked])).toEqual([
      ['简体中文', 'radio', false],
      ['English', 'radio', true],
    ])
    click(langs[0])
    expect(chosen).toEqual(['zh-CN'])
  })
})
