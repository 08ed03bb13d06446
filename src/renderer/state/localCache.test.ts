// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { bundledMessages } from '../../../locales'
import type { HubResult } from '../../shared/envelope'
import { i18n } from '../i18n'
import { installFakeBridge, ok, type FakeBridge } from '../test/fakeBridge'
import { resetState } from '../test/resetState'
import { CACHE_EXPIRY_SECONDS, STORAGE_VERSION } from './localCache'
import { ensureSignedInReference, referenceStore } from './reference'
import { startReferenceData } from './referenceStart'
import { watchDataVersions } from './versions'

/**
 * Issue 37 item 11: texts, dictionaries and parameters kept in localStorage (jsdom's, a real
 * Storage) across restarts, used before the hub answers, refetched only when the hub reports
 * another data version.
 */

const v1 = { lang: 'l1', dict: 'd1', param: 'p1' }
const settle = () => new Promise((r) => setTimeout(r, 0))
const never = () => new Promise<HubResult<unknown>>(() => {})
const dictEntry = { dictType: 'sys_yes_no', dictValue: '1', dictLabelCn: '是', dictLabelEn: 'Yes', status: '1', sort: 1 }

/** Answers of a hub at versions `v` whose texts say `text`. */
const hubAt = (v: typeof v1, text: string) => ({
  'platform.i18n': ok({ messages: { cn: { 'common:refresh': text } }, langSwitch: '1' }, { versions: v }),
  'platform.parameter.listAll': ok([{ parameterKey: 'error.log', parameterValue: '1' }], { versions: v }),
  'platform.dictionaryData.all': ok([dictEntry], { versions: v }),
})

/** A restart: memory is gone (stores, merged texts), localStorage stays. */
function restart(): void {
  referenceStore.set({ parameters: {}, dictionaries: [], versions: {}, langSwitch: null })
  i18n.addResourceBundle('zh-CN', 'common', bundledMessages['zh-CN'].common, true, true)
}

const endpoints = (bridge: FakeBridge) => bridge.hubCalls().map((c) => c.endpoint).sort()

/** A first start against a hub at v1: everything is fetched and cached. */
async function firstStart(): Promise<void> {
  installFakeBridge({ hub: hubAt(v1, '重新获取') })
  startReferenceData()
  await settle()
  await ensureSignedInReference(v1)
}

afterEach(async () => {
  await resetState()
  restart()
})

describe('local caches by data version', () => {
  it('a first start fetches and keeps syslang, sysparams and sysdictionary with storage version 2.9 for a year', async () => {
    const before = Date.now()
    await firstStart()
    for (const name of ['syslang', 'sysparams', 'sysdictionary']) {
      const entry = JSON.parse(localStorage.getItem(name) ?? 'null')
      expect(entry).toMatchObject({ storageVersion: STORAGE_VERSION })
      expect(entry.expires - before).toBeGreaterThanOrEqual(CACHE_EXPIRY_SECONDS * 1000)
    }
    expect(STORAGE_VERSION).toBe('2.9')
    expect(CACHE_EXPIRY_SECONDS).toBe(31536000)
  })

  it('after a restart the cached texts and parameters are used before the hub answers, without asking it', async () => {
    await firstStart()
    restart()
    expect(i18n.t('common:refresh')).toBe('刷新')
    // A hub that does not answer at all.
    const bridge = installFakeBridge({ hub: { 'platform.i18n': never, 'platform.parameter.listAll': never, 'platform.dictionaryData.all': never } })
    startReferenceData()
    expect(i18n.t('common:refresh')).toBe('重新获取')
    expect(referenceStore.get().parameters['error.log']).toBe('1')
    expect(referenceStore.get().dictionaries).toEqual([dictEntry])
    await settle()
    expect(endpoints(bridge)).toEqual([])
  })

  it('a hub answer with the cached versions refetches nothing; a moved language version refetches the texts and keeps the new ones', async () => {
    await firstStart()
    restart()
    const bridge = installFakeBridge({ hub: hubAt({ ...v1, lang: 'l2' }, '再取一次') })
    startReferenceData()
    const off = watchDataVersions()

    bridge.emit('data.versions', v1)
    await settle()
    expect(endpoints(bridge)).toEqual([])
    expect(i18n.t('common:refresh')).toBe('重新获取')

    bridge.emit('data.versions', { ...v1, lang: 'l2' })
    await settle()
    expect(endpoints(bridge)).toEqual(['platform.i18n'])
    expect(i18n.t('common:refresh')).toBe('再取一次')
    expect(JSON.parse(localStorage.getItem('syslang') ?? 'null')).toMatchObject({ version: 'l2' })
    off()

    // And the next start begins with the refreshed texts.
    restart()
    installFakeBridge({ hub: {} })
    startReferenceData()
    expect(i18n.t('common:refresh')).toBe('再取一次')
  })

  it('at sign-in, dictionaries come from the cache when the hub reports their version, from the hub when it moved', async () => {
    await firstStart()
    restart()
    let bridge = installFakeBridge({ hub: hubAt({ ...v1, dict: 'd2' }, '重新获取') })
    await ensureSignedInReference(v1)
    expect(endpoints(bridge)).toEqual([])
    expect(referenceStore.get().dictionaries).toEqual([dictEntry])

    restart()
    bridge = installFakeBridge({ hub: hubAt({ ...v1, dict: 'd2' }, '重新获取') })
    await ensureSignedInReference({ ...v1, dict: 'd2' })
    expect(endpoints(bridge)).toEqual(['platform.dictionaryData.all'])
    expect(JSON.parse(localStorage.getItem('sysdictionary') ?? 'null')).toMatchObject({ version: 'd2' })
  })

  it('an entry of another storage version or past its expiry is no cache: the hub is asked', async () => {
    await firstStart()
    const lang = JSON.parse(localStorage.getItem('syslang')!)
    localStorage.setItem('syslang', JSON.stringify({ ...lang, storageVersion: '2.8' }))
    const params = JSON.parse(localStorage.getItem('sysparams')!)
    localStorage.setItem('sysparams', JSON.stringify({ ...params, expires: Date.now() - 1 }))
    restart()
    const bridge = installFakeBridge({ hub: hubAt(v1, '重新获取') })
    startReferenceData()
    expect(i18n.t('common:refresh')).toBe('刷新')
    await settle()
    expect(endpoints(bridge)).toEqual(['platform.i18n', 'platform.parameter.listAll'])
  })
})
