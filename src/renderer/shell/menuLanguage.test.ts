// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { i18n } from '../i18n'
import { preferencesStore } from '../state/preferences'
import { installFakeBridge } from '../test/fakeBridge'
import { resetState } from '../test/resetState'
import { installMenuLanguage } from './menuLanguage'
import { settle } from '../test/settle'

afterEach(resetState)

describe('language switch from the application menu', () => {
  it('switches the console and saves the choice, like its own switch', async () => {
    const bridge = installFakeBridge()
    const off = installMenuLanguage()
    bridge.emit('locale.changed', { locale: 'en' })
    await waitFor(() => expect(i18n.language).toBe('en'))
    expect(preferencesStore.get().locale).toBe('en')
    await waitFor(() => expect(bridge.settings.locale).toBe('en'))
    off()
    bridge.emit('locale.changed', { locale: 'zh-CN' })
    await settle()
    expect(i18n.language).toBe('en')
  })
})
