// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeBridge, fail, ok } from '../test/fakeBridge'
import { resetState } from '../test/resetState'
import { page } from './languageFailure'
import { loadServerMessages } from './reference'

/** Issue 37 item 10, second half (spec part 1 §8): a failed language load clears stored state and reloads. */

const realReload = page.reload
let reloads = 0
beforeEach(() => {
  reloads = 0
  page.reload = () => {
    reloads++
  }
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(async () => {
  page.reload = realReload
  vi.restoreAllMocks()
  await resetState()
})

const stored = () => ({ flag: localStorage.getItem('dh.loginFlag'), lang: localStorage.getItem('syslang') })
const store = () => {
  localStorage.setItem('dh.loginFlag', '1')
  localStorage.setItem('syslang', '{"storageVersion":"2.9"}')
}

describe('a failed language load', () => {
  it('clears local storage and reloads once; failing again right after the reload, it only logs', async () => {
    installFakeBridge({ hub: { 'platform.i18n': fail('5000', 'system error') } })
    store()
    await loadServerMessages()
    expect(reloads).toBe(1)
    expect(stored()).toEqual({ flag: null, lang: null })

    // The reloaded page fails again: no second reload (no loop), nothing more cleared.
    store()
    await loadServerMessages()
    expect(reloads).toBe(1)
    expect(stored().flag).toBe('1')
  })

  it('only logs while the hub cannot be reached: nothing stored is to blame', async () => {
    installFakeBridge({ hub: { 'platform.i18n': fail('5030', 'hub unreachable') } })
    store()
    await loadServerMessages()
    expect(reloads).toBe(0)
    expect(stored().flag).toBe('1')
    expect(console.error).toHaveBeenCalled()
  })

  it('after a load that worked, a later failure reloads again', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.i18n': fail('5000', 'system error') } })
    await loadServerMessages()
    expect(reloads).toBe(1)
    bridge.hub['platform.i18n'] = ok({ messages: {}, langSwitch: '0' })
    await loadServerMessages()
    bridge.hub['platform.i18n'] = fail('5000', 'system error')
    await loadServerMessages()
    expect(reloads).toBe(2)
  })
})
