// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { catalogueLoader } from './catalogue'
import { mergeServerMessages } from './serverMessages'

const fresh = async () => {
  const i18n = i18next.createInstance()
  await i18n.init({ lng: 'zh-CN', fallbackLng: 'zh-CN', keySeparator: false, resources: { 'zh-CN': { login: { submit: '登录' } }, en: { login: { submit: 'Sign in' } } } })
  return i18n
}
const catalogue = {
  'zh-CN': async () => ({ login: { submit: '登录', title: '欢迎' }, topic: { name: '主题名称' }, messages: { msg_custom: '自带' } }),
  en: async () => ({ login: { submit: 'Sign in', title: 'Welcome' }, topic: { name: 'Topic name' }, messages: { msg_custom: 'Bundled' } }),
}

describe("a locale's catalogue, loaded after the first frame", () => {
  it('brings every namespace of that locale', async () => {
    const i18n = await fresh()
    expect(i18n.t('topic:name')).toBe('name')
    await catalogueLoader(i18n, catalogue)('zh-CN')
    expect(i18n.t('topic:name')).toBe('主题名称')
    expect(i18n.t('login:title')).toBe('欢迎')
  })

  it("leaves the hub's texts merged before it arrived in place", async () => {
    const i18n = await fresh()
    mergeServerMessages(i18n, { cn: { 'login:submit': '登 录', msg_custom: '平台的' } })
    await catalogueLoader(i18n, catalogue)('zh-CN')
    expect(i18n.t('login:submit')).toBe('登 录')
    expect(i18n.t('messages:msg_custom')).toBe('平台的')
    expect(i18n.t('login:title')).toBe('欢迎')
  })

  it('is loaded once per locale, and asked for again after a failure', async () => {
    const i18n = await fresh()
    let calls = 0
    const load = catalogueLoader(i18n, {
      ...catalogue,
      en: async () => {
        calls++
        if (calls === 1) throw new Error('offline')
        return catalogue.en()
      },
    })
    await expect(load('en')).rejects.toMatchObject({ name: 'ChunkLoadError' })
    await load('en')
    await load('en')
    expect(calls).toBe(2)
    expect(i18n.t('topic:name', { lng: 'en' })).toBe('Topic name')
  })
})
