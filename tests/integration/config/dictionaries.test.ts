import { afterAll, beforeAll, expect, it } from 'vitest'
import * as data from '../../../src/shared/contract/platform/config/dictionaryData'
import * as types from '../../../src/shared/contract/platform/config/dictionaryTypes'
import type { DictionaryData } from '../../../src/shared/contract/platform/config/dictionaryData'
import type { DictionaryType } from '../../../src/shared/contract/platform/config/dictionaryTypes'
import { dictionaryAll, type DictionaryEntry } from '../../../src/shared/contract/platform/startup'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, freshLetters, openCallBench, refusal, versionsOf, type CallBench } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'dictionary types and data', (target) => {
  let bench: CallBench
  beforeAll(async () => {
    bench = await openCallBench(target)
  })
  afterAll(async () => bench?.close())

  const newType = (overrides: Record<string, unknown> = {}) => bench.ok<DictionaryType>(types.dictionaryTypeCreate, { dictType: freshLetters('t_'), dictName: '测试', ...overrides })
  const newEntry = (dictType: string, overrides: Record<string, unknown> = {}) =>
    bench.ok<DictionaryData>(data.dictionaryDataCreate, { dictType, dictValue: 'v1', dictLabelCn: '值一', ...overrides })

  it('checks type 5-25 letters and underscore, name 1-12, remarks under 200', async () => {
    expect(fieldKeys(await bench.send(types.dictionaryTypeCreate, { dictType: 'abcd', dictName: 'x'.repeat(13), remarks: 'r'.repeat(200) }))).toEqual({
      dictType: 'msg_dict_type_rule',
      dictName: 'msg_dict_name_rule',
      remarks: 'msg_dict_remarks_rule',
    })
    expect(fieldKeys(await bench.send(types.dictionaryTypeCreate, { dictType: 'has_digit1', dictName: '' }))).toEqual({ dictType: 'msg_dict_type_rule', dictName: 'msg_dict_name_required' })
    expect(fieldKeys(await bench.send(types.dictionaryTypeCreate, { dictType: 'a'.repeat(26), dictName: '名' }))).toEqual({ dictType: 'msg_dict_type_rule' })
    const ok = await newType({ dictType: freshLetters('abcde_', 25), dictName: 'x'.repeat(12), remarks: 'r'.repeat(199) })
    expect(ok.dictType).toHaveLength(25)
    expect(ok.status).toBe('1')
  })

  it('refuses a duplicate type and a changed type, and finds types by filter', async () => {
    const t = await newType()
    expect(refusal(await bench.send(types.dictionaryTypeCreate, { dictType: t.dictType, dictName: '又一个' }))).toEqual({ code: '4090', message: '字典类型已存在' })
    expect(refusal(await bench.send(types.dictionaryTypeUpdate, { ...t, dictType: `${t.dictType}x` }))).toEqual({ code: '4090', message: '字典类型创建后不能修改' })
    expect(refusal(await bench.send(types.dictionaryTypeDetail, { id: 'missing' }, { locale: 'en' }))).toEqual({ code: '4040', message: 'The dictionary type does not exist' })
    const updated = await bench.ok<DictionaryType>(types.dictionaryTypeUpdate, { ...t, dictName: '改名', status: '0' })
    expect(updated).toMatchObject({ dictName: '改名', status: '0' })
    const page = await bench.ok<{ content: DictionaryType[]; totalElements: number }>(types.dictionaryTypeQuery, { dictType: t.dictType, status: '0' })
    expect(page.content.map((r) => r.id)).toEqual([t.id])
    expect(page.totalElements).toBe(1)
  })

  it('keeps a seeded type longer than the rule editable (its type is only compared)', async () => {
    const seeded = (await bench.ok<{ content: DictionaryType[] }>(types.dictionaryTypeQuery, { dictType: 'dh_data_exchange_result_notify_type' })).content[0]!
    expect((await bench.ok<DictionaryType>(types.dictionaryTypeUpdate, { ...seeded, remarks: '说明' })).remarks).toBe('说明')
  })

  it('checks entries, refuses a duplicate (type, value) and an unknown type', async () => {
    const t = await newType()
    expect(fieldKeys(await bench.send(data.dictionaryDataCreate, { dictType: t.dictType, dictValue: 'v'.repeat(21), dictLabelCn: '', level: 'loud', sort: -1 }))).toEqual({
      dictValue: 'msg_dict_value_rule',
      dictLabelCn: 'msg_dict_label_cn_required',
      level: 'msg_dict_level_rule',
      sort: 'msg_dict_sort_rule',
    })
    const e = await newEntry(t.dictType, { dictLabelEn: 'One', level: 'success', sort: 3, remarks: '备注' })
    expect(e).toMatchObject({ dictValue: 'v1', dictLabelEn: 'One', level: 'success', sort: 3, status: '1', remarks: '备注' })
    expect(refusal(await bench.send(data.dictionaryDataCreate, { dictType: t.dictType, dictValue: 'v1', dictLabelCn: '重复' }))).toEqual({ code: '4090', message: '该字典类型下的字典值已存在' })
    const other = await newEntry(t.dictType, { dictValue: 'v2' })
    expect(refusal(await bench.send(data.dictionaryDataUpdate, { ...other, dictValue: 'v1' }))).toEqual({ code: '4090', message: '该字典类型下的字典值已存在' })
    expect(refusal(await bench.send(data.dictionaryDataCreate, { dictType: 'no_such_type', dictValue: 'v', dictLabelCn: '值' }))).toEqual({ code: '4040', message: '字典类型不存在' })
    expect(refusal(await bench.send(data.dictionaryDataStatus, { id: 'missing', status: '0' }))).toEqual({ code: '4040', message: '字典数据不存在' })
    // The same value under another type is fine.
    await newEntry((await newType()).dictType)
  })

  it('lists a type’s entries with sortBy and order, and pages them', async () => {
    const t = await newType()
    await newEntry(t.dictType, { dictValue: 'b', sort: 1 })
    await newEntry(t.dictType, { dictValue: 'a', sort: 2 })
    await newEntry(t.dictType, { dictValue: 'c', sort: 3 })
    const values = async (input: Record<string, unknown>) =>
      (await bench.ok<{ content: DictionaryData[]; totalElements: number }>(data.dictionaryDataQuery, { dictType: t.dictType, ...input })).content.map((e) => e.dictValue)
    expect(await values({})).toEqual(['b', 'a', 'c'])
    expect(await values({ sortBy: 'sort', order: -1 })).toEqual(['c', 'a', 'b'])
    expect(await values({ sortBy: 'dictValue', order: 1, pageNum: 2, pageSize: 2, count: 1 })).toEqual(['c'])
    expect((await bench.send(data.dictionaryDataQuery, { dictType: t.dictType, order: 2 })).body.code).toBe('4001')
  })

  it('only active entries of active types reach /dictionaryData/all, and each edit moves the dict version', async () => {
    const t = await newType()
    const before = versionsOf(await bench.send(dictionaryAll))
    const e = await bench.send<DictionaryData>(data.dictionaryDataCreate, { dictType: t.dictType, dictValue: 'on', dictLabelCn: '开', dictLabelEn: 'On' })
    const afterCreate = versionsOf(e)
    expect(afterCreate.dict).not.toBe(before.dict)
    expect(afterCreate.lang).toBe(before.lang)
    expect(afterCreate.param).toBe(before.param)
    const mine = async () => (await bench.ok<DictionaryEntry[]>(dictionaryAll)).filter((d) => d.dictType === t.dictType)
    expect(await mine()).toEqual([expect.objectContaining({ dictValue: 'on', dictLabelEn: 'On' })])

    const off = await bench.send<DictionaryData>(data.dictionaryDataStatus, { id: e.body.data!.id, status: '0' })
    expect(versionsOf(off).dict).not.toBe(afterCreate.dict)
    expect(await mine()).toEqual([])

    await bench.ok(data.dictionaryDataStatus, { id: e.body.data!.id, status: '1' })
    const edited = await bench.send(data.dictionaryDataUpdate, { ...e.body.data!, dictLabelEn: 'Switched on' })
    expect(versionsOf(edited).dict).not.toBe(versionsOf(off).dict)
    expect((await mine())[0]?.dictLabelEn).toBe('Switched on')

    const typeOff = await bench.send(types.dictionaryTypeUpdate, { id: t.id, dictType: t.dictType, dictName: t.dictName, status: '0' })
    expect(versionsOf(typeOff).dict).not.toBe(versionsOf(edited).dict)
    expect(await mine()).toEqual([])
  })

  it('is refused without a session', async () => {
    expect((await bench.send(types.dictionaryTypeQuery, {}, { token: null })).body.code).not.toBe('2000')
  })
})
