// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { mergeServerMessages } from './serverMessages'

describe("merging the hub's texts (platform.i18n)", () => {
  it('maps wire codes cn/en to locales and ns:key to namespaces, over the bundled texts', async () => {
    const i18n = i18next.createInstance()
    await i18n.init({
      lng: 'zh-CN',
      keySeparator: false,
      resources: { 'zh-CN': { login: { submit: '登录' } }, en: { login: { submit: 'Sign in' } } },
    })
    const n = mergeServerMessages(i18n, {
      cn: { 'login:submit': '登 录', msg_custom: '自定义' },
      en: { 'login:submit': 'Log in', 'home:new_key': 'New' },
    })
    expect(n).toBe(4)
    expect(i18n.t('login:submit')).toBe('登 录')
    expect(i18n.t('messages:msg_custom')).toBe('自定义')
    expect(i18n.t('login:submit', { lng: 'en' })).toBe('Log in')
    expect(i18n.t('home:new_key', { lng: 'en' })).toBe('New')
  })

  it("leaves out languages the console has no texts of, instead of letting them overwrite Chinese", async () => {
    const i18n = i18next.createInstance()
    await i18n.init({ lng: 'zh-CN', keySeparator: false, resources: { 'zh-CN': { login: { submit: '登录' } } } })
    const n = mergeServerMessages(i18n, { 'ja-JP': { 'login:submit': 'ログイン' }, cn: { msg_custom: '自定义' } })
    expect(n).toBe(1)
    expect(i18n.t('login:submit')).toBe('登录')
  })
})
