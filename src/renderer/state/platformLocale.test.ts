// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { i18n } from '../i18n'
import { installFakeBridge } from '../test/fakeBridge'
import { resetState } from '../test/resetState'
import { installPlatformLocale } from './platformLocale'
import { loadSettings, preferencesStore, setLocale } from './preferences'
import { referenceStore } from './reference'
import { settle } from '../test/settle'

let uninstall: (() => void) | null = null
afterEach(async () => {
  uninstall?.()
  uninstall = null
  resetState()
  await i18n.changeLanguage('zh-CN')
})

describe('the platform default language (parameter lang.locale)', () => {
  it('is followed live while nobody chose a language on this machine, and remembered without counting as a choice', async () => {
    const bridge = installFakeBridge({ settings: { locale: 'zh-CN', localeChosen: false } })
    await loadSettings()
    uninstall = installPlatformLocale()
    referenceStore.set({ parameters: { 'lang.locale': 'en' } })
    await waitFor(() => expect(i18n.language).toBe('en'))
    expect(bridge.settings).toMatchObject({ locale: 'en', localeChosen: false })
    // The administrator switches the platform back: the console follows again.
    referenceStore.set({ parameters: { 'lang.locale': 'cn' } })
    await waitFor(() => expect(i18n.language).toBe('zh-CN'))
  })

  it("gives way to the language someone chose here", async () => {
    const bridge = installFakeBridge({ settings: { locale: 'zh-CN', localeChosen: false } })
    await loadSettings()
    uninstall = installPlatformLocale()
    await setLocale('zh-CN')
    expect(preferencesStore.get().localeChosen).toBe(true)
    expect(bridge.settings.localeChosen).toBe(true)
    referenceStore.set({ parameters: { 'lang.locale': 'en' } })
    await settle()
    expect(i18n.language).toBe('zh-CN')
  })
})
