// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { bundledMessages } from '../../../locales'
import { i18n } from '../i18n'
import { installFakeBridge, ok } from '../test/fakeBridge'
import { resetState } from '../test/resetState'
import { loadParameters, loadServerMessages, referenceStore } from './reference'
import { sessionStore } from './session'
import { watchDataVersions } from './versions'

afterEach(resetState)
const versions = { lang: 'l1', dict: 'd1', param: 'p1' }
const settle = () => new Promise((r) => setTimeout(r, 0))

describe("refetch on 'data.versions' (fake bridge)", () => {
  it('refetches exactly the sets whose version moved', async () => {
    const bridge = installFakeBridge({
      hub: {
        'platform.parameter.listAll': ok([{ parameterKey: 'error.log', parameterValue: '1' }], { versions }),
        'platform.i18n': ok({ messages: { cn: { 'common:refresh': '重新获取' } }, langSwitch: '1' }, { versions }),
        'platform.dictionaryData.all': ok([], { versions }),
      },
    })
    await Promise.all([loadParameters(), loadServerMessages()])
    expect(referenceStore.get().versions).toEqual({ lang: 'l1', param: 'p1' })
    expect(i18n.t('common:refresh')).toBe('重新获取')
    const off = watchDataVersions()
    bridge.calls.length = 0

    bridge.emit('data.versions', { lang: 'l1', dict: 'd1', param: 'p2' })
    await settle()
    // Dictionaries need a session: not fetched while signed out, even though unknown.
    expect(bridge.hubCalls().map((c) => c.endpoint)).toEqual(['platform.parameter.listAll'])

    sessionStore.set({ status: 'signedIn' })
    bridge.calls.length = 0
    bridge.emit('data.versions', { lang: 'l2', dict: 'd1', param: 'p1' })
    await settle()
    expect(bridge.hubCalls().map((c) => c.endpoint).sort()).toEqual(['platform.dictionaryData.all', 'platform.i18n'])
    off()
    i18n.addResourceBundle('zh-CN', 'common', bundledMessages['zh-CN'].common, true, true)
  })
})
