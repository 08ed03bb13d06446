import { afterAll, beforeAll, expect, it } from 'vitest'
import * as params from '../../../src/shared/contract/platform/config/parameters'
import type { ParameterRow } from '../../../src/shared/contract/platform/config/parameters'
import { parameterListAll, type Parameter } from '../../../src/shared/contract/platform/startup'
import { addUser, signIn } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, openCallBench, refusal, versionsOf, type CallBench } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'parameters', (target) => {
  let bench: CallBench
  beforeAll(async () => {
    bench = await openCallBench(target)
  })
  afterAll(async () => bench?.close())

  const byKey = async (key: string) => (await bench.ok<{ content: ParameterRow[] }>(params.parameterQuery, { parameterKey: key })).content.find((p) => p.parameterKey === key)!
  let serial = 0
  const freshKey = () => `t${Date.now().toString(36)}.k${serial++}`.slice(0, 20)

  it('checks key 1-20 letters or digits with dots, name, value and application', async () => {
    expect(fieldKeys(await bench.send(params.parameterCreate, { parameterKey: 'bad key', parameterName: '', parameterValue: 'v'.repeat(501), appCode: '' }))).toEqual({
      parameterKey: 'msg_param_key_rule',
      parameterName: 'msg_param_name_required',
      parameterValue: 'msg_param_value_rule',
      appCode: 'msg_param_app_required',
    })
    expect(fieldKeys(await bench.send(params.parameterCreate, { parameterKey: `a.${'b'.repeat(19)}`, parameterName: 'n', parameterValue: '', appCode: 'common' }))).toEqual({ parameterKey: 'msg_param_key_rule' })
    expect(fieldKeys(await bench.send(params.parameterCreate, { parameterKey: 'a..b', parameterName: 'n', parameterValue: '', appCode: 'common' }))).toEqual({ parameterKey: 'msg_param_key_rule' })
    const p = await bench.ok<ParameterRow>(params.parameterCreate, { parameterKey: freshKey(), parameterName: '测试参数', parameterValue: '42', appCode: 'datahub' })
    expect(p).toMatchObject({ parameterValue: '42', appCode: 'datahub' })
    expect(refusal(await bench.send(params.parameterCreate, { parameterKey: p.parameterKey, parameterName: '重复', parameterValue: '', appCode: 'common' }))).toEqual({ code: '4090', message: '参数键已存在' })
    const q = await bench.ok<ParameterRow>(params.parameterCreate, { parameterKey: freshKey(), parameterName: '另一个', parameterValue: '', appCode: 'common' })
    expect(refusal(await bench.send(params.parameterUpdate, { ...q, parameterKey: p.parameterKey }))).toEqual({ code: '4090', message: '参数键已存在' })
    expect((await bench.ok<ParameterRow>(params.parameterDetail, { id: p.id })).parameterName).toBe('测试参数')
  })

  it('checks the values of the built-in keys, and keeps them from removal and renaming', async () => {
    const color = await byKey('theme.color')
    expect(fieldKeys(await bench.send(params.parameterUpdate, { ...color, parameterValue: 'red' }))).toEqual({ parameterValue: 'msg_param_value_invalid' })
    const log = await byKey('error.log')
    expect(fieldKeys(await bench.send(params.parameterUpdate, { ...log, parameterValue: '2' }))).toEqual({ parameterValue: 'msg_param_value_invalid' })
    const link = await byKey('user.link.model')
    expect(fieldKeys(await bench.send(params.parameterUpdate, { ...link, parameterValue: '3' }))).toEqual({ parameterValue: 'msg_param_value_invalid' })
    expect(refusal(await bench.send(params.parameterRemove, { id: color.id }))).toEqual({ code: '4090', message: '系统内置参数不能删除或修改键' })
    expect(refusal(await bench.send(params.parameterUpdate, { ...color, parameterKey: 'theme.colour' }))).toEqual({ code: '4090', message: '系统内置参数不能删除或修改键' })
  })

  it('each change reaches /parameter/listAll with a new param version', async () => {
    const color = await byKey('theme.color')
    const before = versionsOf(await bench.send(parameterListAll))
    const answer = await bench.send<ParameterRow>(params.parameterUpdate, { ...color, parameterValue: '#E8590C' })
    expect(versionsOf(answer).param).not.toBe(before.param)
    expect(versionsOf(answer).dict).toBe(before.dict)
    expect((await bench.ok<Parameter[]>(parameterListAll)).find((p) => p.parameterKey === 'theme.color')?.parameterValue).toBe('#E8590C')

    const p = await bench.ok<ParameterRow>(params.parameterCreate, { parameterKey: freshKey(), parameterName: '临时', parameterValue: 'x', appCode: 'common' })
    const mid = versionsOf(await bench.send(parameterListAll))
    const removed = await bench.send(params.parameterRemove, { id: p.id })
    expect(removed.body.code).toBe('2000')
    expect(versionsOf(removed).param).not.toBe(mid.param)
    expect((await bench.ok<Parameter[]>(parameterListAll)).map((x) => x.parameterKey)).not.toContain(p.parameterKey)
    expect(refusal(await bench.send(params.parameterRemove, { id: p.id }))).toEqual({ code: '4040', message: '参数不存在' })
  })

  it('is refused to a signed-in user without the parameter permission', async () => {
    await addUser(bench.hub.store, { username: 'noparams', password: 'NoPar#am12', roles: [] })
    const token = await signIn(bench.hub.app, 'noparams', 'NoPar#am12')
    expect((await bench.send(params.parameterQuery, {}, { token })).body.code).toBe('4031')
    expect((await bench.send(params.parameterCreate, { parameterKey: 'x.y', parameterName: 'n', parameterValue: '', appCode: 'common' }, { token })).body.code).toBe('4031')
    // The public start-up read stays open: the login view needs the theme colour.
    expect((await bench.send(parameterListAll, undefined, { token: null })).body.code).toBe('2000')
  })
})
