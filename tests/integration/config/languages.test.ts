import { afterAll, beforeAll, expect, it } from 'vitest'
import * as i18n from '../../../src/shared/contract/platform/config/i18n'
import * as langs from '../../../src/shared/contract/platform/config/langTypes'
import * as params from '../../../src/shared/contract/platform/config/parameters'
import type { I18nMessage } from '../../../src/shared/contract/platform/config/i18n'
import type { LangType } from '../../../src/shared/contract/platform/config/langTypes'
import type { ParameterRow } from '../../../src/shared/contract/platform/config/parameters'
import { i18nMessages, langTypeQueryUsed, parameterListAll } from '../../../src/shared/contract/platform/startup'
import { seed } from '../../../src/hub/store/seed'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, openCallBench, refusal, versionsOf, type CallBench } from './support'

const targets = await storeTargets()

type Texts = { messages: Record<string, Record<string, string>>; langSwitch: string }

describeEachStore(targets, 'language types and i18n texts', (target) => {
  let bench: CallBench
  beforeAll(async () => {
    bench = await openCallBench(target)
  })
  afterAll(async () => bench?.close())

  const used = () => bench.ok<LangType[]>(langTypeQueryUsed)
  const byCode = async (code: string) => (await used()).find((l) => l.code === code)!
  const localeParameter = async () => (await bench.ok<{ parameterKey: string; parameterValue: string }[]>(parameterListAll)).find((p) => p.parameterKey === 'lang.locale')?.parameterValue

  it('checks the language code 5-35 and refuses a duplicate; a new language starts inactive', async () => {
    expect(fieldKeys(await bench.send(langs.langTypeCreate, { code: 'ja', name: '', nameEn: 'x'.repeat(31) }))).toEqual({
      code: 'msg_lang_code_rule',
      name: 'msg_lang_name_required',
      nameEn: 'msg_lang_name_rule',
    })
    expect(fieldKeys(await bench.send(langs.langTypeCreate, { code: `ja-${'x'.repeat(33)}`, name: '日语', nameEn: 'Japanese' }))).toEqual({ code: 'msg_lang_code_rule' })
    const ja = await bench.ok<LangType>(langs.langTypeCreate, { code: 'ja-JP', name: '日语', nameEn: 'Japanese' })
    expect(ja).toMatchObject({ code: 'ja-JP', isDefault: false, status: '0' })
    expect(refusal(await bench.send(langs.langTypeCreate, { code: 'ja-JP', name: '日语', nameEn: 'Japanese' }))).toEqual({ code: '4090', message: '语言类型已存在' })
    expect((await bench.ok<LangType[]>(langs.langTypeQueryUsedAndActive)).map((l) => l.code)).not.toContain('ja-JP')
    const page = await bench.ok<{ content: LangType[]; totalElements: number }>(langs.langTypeQuery, {})
    expect(page.content.map((l) => l.code)).toEqual(expect.arrayContaining(['cn', 'en', 'ja-JP']))
    expect(page.content[0]?.isDefault).toBe(true)
    expect(await bench.ok<LangType[]>(langs.langTypeQueryUnUsed)).toEqual([])
  })

  it('activates and deactivates; the default cannot be deactivated, an inactive one cannot be default', async () => {
    const fr = await bench.ok<LangType>(langs.langTypeCreate, { code: 'fr-FR', name: '法语', nameEn: 'French' })
    expect(refusal(await bench.send(langs.langTypeSetDefault, { id: fr.id }))).toEqual({ code: '4090', message: '只有已启用的语言才能设为默认语言' })
    const active = await bench.send<LangType>(langs.langTypeActivate, { id: fr.id })
    expect(active.body.data!.status).toBe('1')
    expect((await bench.ok<LangType[]>(langs.langTypeQueryUsedAndActive)).map((l) => l.code)).toContain('fr-FR')
    const cn = await byCode('cn')
    expect(cn.isDefault).toBe(true)
    expect(refusal(await bench.send(langs.langTypeDeactivate, { id: cn.id }, { locale: 'en' }))).toEqual({ code: '4090', message: 'The default language cannot be disabled' })
    const inactive = await bench.send<LangType>(langs.langTypeDeactivate, { id: fr.id })
    expect(inactive.body.data!.status).toBe('0')
    expect(versionsOf(inactive).lang).not.toBe(versionsOf(active).lang)
    expect(refusal(await bench.send(langs.langTypeActivate, { id: 'missing' }))).toEqual({ code: '4040', message: '语言类型不存在' })
  })

  it('keeps exactly one default, and lang.locale follows it both ways', async () => {
    const en = await byCode('en')
    const before = await bench.send(parameterListAll)
    const answer = await bench.send<LangType>(langs.langTypeSetDefault, { id: en.id })
    expect(answer.body.data!.isDefault).toBe(true)
    expect(versionsOf(answer).param).not.toBe(versionsOf(before).param)
    expect(versionsOf(answer).lang).not.toBe(versionsOf(before).lang)
    expect((await used()).filter((l) => l.isDefault).map((l) => l.code)).toEqual(['en'])
    expect(await localeParameter()).toBe('en')
    // Now 'en' is the one that may not be deactivated.
    expect(refusal(await bench.send(langs.langTypeDeactivate, { id: en.id }))).toEqual({ code: '4090', message: '默认语言不能停用' })

    // Through the parameter: lang.locale back to 'cn' makes 'cn' the default again.
    const locale = (await bench.ok<{ content: ParameterRow[] }>(params.parameterQuery, { parameterKey: 'lang.locale' })).content[0]!
    await bench.ok(params.parameterUpdate, { ...locale, parameterValue: 'cn' })
    expect((await used()).filter((l) => l.isDefault).map((l) => l.code)).toEqual(['cn'])
    await bench.ok(langs.langTypeDeactivate, { id: en.id })
    expect(refusal(await bench.send(params.parameterUpdate, { ...locale, parameterValue: 'en' }))).toEqual({ code: '4090', message: '只有已启用的语言才能设为默认语言' })
    expect(await localeParameter()).toBe('cn')
    await bench.ok(langs.langTypeActivate, { id: en.id })
    expect((await byCode('cn')).isDefault).toBe(true)
  })

  it('checks texts, refuses a duplicate (language, key) and an unknown language', async () => {
    expect(fieldKeys(await bench.send(i18n.i18nCreate, { langCode: '', messageKey: 'has space', messageValue: '' }))).toEqual({
      langCode: 'msg_i18n_lang_required',
      messageKey: 'msg_i18n_key_rule',
      messageValue: 'msg_i18n_value_required',
    })
    const m = await bench.ok<I18nMessage>(i18n.i18nCreate, { langCode: 'cn', messageKey: 'config:test_only_key', messageValue: '测试' })
    expect(m.origin).toBe('admin')
    expect(refusal(await bench.send(i18n.i18nCreate, { langCode: 'cn', messageKey: 'config:test_only_key', messageValue: '又一个' }))).toEqual({ code: '4090', message: '该语言下的编码已存在' })
    await bench.ok(i18n.i18nCreate, { langCode: 'en', messageKey: 'config:test_only_key', messageValue: 'Test' })
    expect(refusal(await bench.send(i18n.i18nCreate, { langCode: 'xx-YY', messageKey: 'config:test_only_key', messageValue: 'x' }))).toEqual({ code: '4040', message: '语言类型不存在' })
    const found = await bench.ok<{ content: I18nMessage[]; totalElements: number }>(i18n.i18nQuery, { key: 'test_only', language: 'en' })
    expect(found.content.map((r) => r.messageValue)).toEqual(['Test'])
    expect((await bench.ok<{ content: I18nMessage[] }>(i18n.i18nQuery, { value: '测试' })).content.map((r) => r.id)).toContain(m.id)
    expect((await bench.ok<I18nMessage>(i18n.i18nDetail, { id: m.id })).messageKey).toBe('config:test_only_key')
    await bench.ok(i18n.i18nDelete, { id: m.id })
    expect(refusal(await bench.send(i18n.i18nDelete, { id: m.id }))).toEqual({ code: '4040', message: '多语言数据不存在' })
  })

  it('an edited text reaches /i18n with a new language version, and stays marked as edited', async () => {
    const row = (await bench.ok<{ content: I18nMessage[] }>(i18n.i18nQuery, { key: 'common:refresh', language: 'en' })).content.find((r) => r.messageKey === 'common:refresh')!
    expect(row.origin).toBe('seed')
    const before = versionsOf(await bench.send(i18nMessages))
    const answer = await bench.send<I18nMessage>(i18n.i18nUpdate, { ...row, messageValue: 'Reload list' })
    expect(answer.body.data!.origin).toBe('admin')
    expect(versionsOf(answer).lang).not.toBe(before.lang)
    expect(versionsOf(answer).dict).toBe(before.dict)
    const texts = await bench.ok<Texts>(i18nMessages)
    expect(texts.messages.en?.['common:refresh']).toBe('Reload list')
    // The switch counts active languages only (cn and en here; the test languages are inactive).
    expect(texts.langSwitch).toBe('1')
    // The next start's seed keeps the administrator's text instead of restoring the bundled one.
    await seed(bench.hub.store.db)
    expect((await bench.ok<Texts>(i18nMessages)).messages.en?.['common:refresh']).toBe('Reload list')
  })
})
