import { afterAll, beforeAll, expect, it } from 'vitest'
import * as auth from '../../../src/shared/contract/datahub/authentication'
import type { Authentication } from '../../../src/shared/contract/datahub/authentication'
import { dataSourceDb } from '../../../src/hub/datahub/dataSources/tables'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, openDsBench, refusal, type DsBench } from './bench'
import { uniqueName } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'API authentication', (target) => {
  let bench: DsBench
  beforeAll(async () => {
    bench = await openDsBench(target)
  })
  afterAll(async () => {
    await bench?.close()
  })

  const create = (extra: object = {}) =>
    bench.ok<Authentication>(auth.authenticationCreate, { appCode: 'crm', appName: 'CRM', authenName: uniqueName('static'), tokenValue: 'tok-3c7e-secret', ...extra })

  it('stores a static token encrypted and never answers it', async () => {
    const made = await create()
    expect(made).toMatchObject({ authenType: '1', tokenKey: 'Authorization', tokenValue: '', tokenValueSet: true, status: '1' })
    const row = await dataSourceDb(bench.hub.store.db).selectFrom('authentications').select('token_secret').where('id', '=', made.id).executeTakeFirstOrThrow()
    expect(row.token_secret).toMatch(/^v1:/)
    expect(row.token_secret).not.toContain('tok-3c7e-secret')
    const updated = await bench.ok<Authentication>(auth.authenticationUpdate, { id: made.id, version: made.version, remark: 'kept token' })
    expect(updated).toMatchObject({ remark: 'kept token', tokenValueSet: true, version: 2 })
    const after = await dataSourceDb(bench.hub.store.db).selectFrom('authentications').select('token_secret').where('id', '=', made.id).executeTakeFirstOrThrow()
    expect(after.token_secret).toBe(row.token_secret)
  })

  it('answers the same calls under the platform prefix, as spec part 2 §7 lists them, with the same checks', async () => {
    const platform = async (method: 'GET' | 'POST', path: string, input: Record<string, unknown>, token: string | null = bench.admin) => {
      const headers: Record<string, string> = { 'accept-language': 'zh-CN', ...(token ? { authorization: `Bearer ${token}` } : {}) }
      const answer = method === 'GET'
        ? await bench.hub.app.inject({ method, url: `/api/inner/platform${path}?${new URLSearchParams(input as Record<string, string>)}`, headers })
        : await bench.hub.app.inject({ method, url: `/api/inner/platform${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) })
      return answer.json() as { code: string; message: string; data: Authentication | null }
    }
    const appCode = uniqueName('pf')
    const made = await platform('POST', auth.authenticationCreate.path, { appCode, appName: 'PF', authenName: 'pf-token', tokenValue: 'tok-pf-secret' })
    expect(made).toMatchObject({ code: '2000', data: { appCode, authenName: 'pf-token', tokenValue: '', tokenValueSet: true } })
    // One store behind both prefixes: the data hub's call reads what the platform's made.
    expect(await bench.ok<Authentication>(auth.authenticationGet, { id: made.data!.id })).toEqual(made.data)
    expect((await platform('GET', auth.authenticationGet.path, { id: made.data!.id })).data).toEqual(made.data)
    const off = await platform('POST', auth.authenticationDisableOrEnable.path, { id: made.data!.id, version: made.data!.version })
    expect(off.data).toMatchObject({ status: '0' })
    // The same session and input rules as the main form.
    expect((await platform('GET', auth.authenticationList.path, {}, null)).code).toBe((await bench.send(auth.authenticationList, {}, { token: null })).body.code)
    expect((await platform('GET', auth.authenticationGetByAppCode.path, { appCode: '' })).code).toBe((await bench.send(auth.authenticationGetByAppCode, { appCode: '' })).body.code)
    expect((await platform('POST', auth.authenticationDelete.path, { id: made.data!.id, version: off.data!.version })).code).toBe('2000')
  })

  it('offers an application\'s enabled methods by name, and lists them paged', async () => {
    const appCode = uniqueName('app')
    const b = await create({ appCode, authenName: 'b-token' })
    await create({ appCode, authenName: 'a-token' })
    await bench.ok(auth.authenticationDisableOrEnable, { id: b.id, version: b.version })
    const offered = await bench.ok<Authentication[]>(auth.authenticationGetByAppCode, { appCode })
    expect(offered.map((a) => a.authenName)).toEqual(['a-token'])
    const page = await bench.ok<{ content: Authentication[]; totalElements: number }>(auth.authenticationList, { appCode, pageNum: 1, pageSize: 1000 })
    expect(page.totalElements).toBe(2)
    expect(page.content.map((a) => [a.authenName, a.status])).toEqual([['a-token', '1'], ['b-token', '0']])
  })

  it('checks a parsed token\'s API, status code and parse level', async () => {
    expect(fieldKeys(await bench.send(auth.authenticationCreate, { appCode: 'crm', authenName: 'parsed', authenType: '2', tokenStatusCode: '12345678901' }))).toEqual({
      tokenUrl: 'msg_authen_url_required',
      tokenStatusCode: 'msg_authen_status_code_rule',
      tokenParseLevel: 'msg_authen_parse_level_rule',
    })
    const ok = await create({ authenType: '2', tokenUrl: 'https://sso.example.com/token', tokenStatusCode: '200', tokenParseLevel: '$.data.token', tokenValue: '' })
    expect(ok).toMatchObject({ tokenValueSet: false, tokenMethod: 'POST' })
  })

  it('refuses a duplicate name in one application, and deleting an enabled method', async () => {
    const made = await create()
    expect(refusal(await bench.send(auth.authenticationCreate, { appCode: 'crm', authenName: made.authenName }))).toEqual({ code: '4090', message: '该应用下已存在同名认证' })
    expect(refusal(await bench.send(auth.authenticationDelete, { id: made.id }))).toEqual({ code: '4090', message: '认证已启用，不允许删除，请先停用' })
    const off = await bench.ok<Authentication>(auth.authenticationDisableOrEnable, { id: made.id, version: made.version })
    expect(off.status).toBe('0')
    expect((await bench.send(auth.authenticationDelete, { id: made.id, version: off.version })).body.code).toBe('2000')
    expect(refusal(await bench.send(auth.authenticationGet, { id: made.id }))).toEqual({ code: '4040', message: '认证暂不存在' })
  })
})
