import { createHash } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as pf from '../../../src/shared/contract/platform/messaging/pfAuthentication'
import * as sys from '../../../src/shared/contract/platform/messaging/sysAuthentication'
import type { PfAuth } from '../../../src/shared/contract/platform/messaging/pfAuthentication'
import type { SysAuth, SysAuthWithSecret } from '../../../src/shared/contract/platform/messaging/sysAuthentication'
import { messagingDb } from '../../../src/hub/platform/messaging/tables'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, fresh, openMessagingBench, refusal, type MessagingBench } from './support'

const targets = await storeTargets()
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

describeEachStore(targets, 'system and platform authentication', (target) => {
  let bench: MessagingBench
  beforeAll(async () => {
    bench = await openMessagingBench(target)
  })
  afterAll(async () => bench?.close())
  const db = () => messagingDb(bench.hub.store.db)

  it('checks the application code, name, token kind and validity of a system authentication', async () => {
    expect(fieldKeys(await bench.send(sys.sysAuthCreate, { appCode: 'ab', name: '', tokenType: '3', tokenValidity: '-1' }))).toEqual({
      appCode: 'msg_sysauth_app_code_rule',
      name: 'msg_sysauth_name_required',
      tokenType: 'msg_sysauth_token_type_required',
      tokenValidity: 'msg_sysauth_validity_rule',
    })
    expect(fieldKeys(await bench.send(sys.sysAuthCreate, { appCode: 'app_1', name: '订单系统', tokenType: '2' }))).toEqual({
      appCode: 'msg_sysauth_app_code_rule',
      tokenValidity: 'msg_sysauth_validity_required',
    })
    expect(fieldKeys(await bench.send(sys.sysAuthCreate, { appCode: 'a'.repeat(51), name: 'n'.repeat(51), tokenValidity: 1_000_000_000 }))).toEqual({
      appCode: 'msg_sysauth_app_code_rule',
      name: 'msg_sysauth_name_rule',
      tokenValidity: 'msg_sysauth_validity_rule',
    })
  })

  it('shows a system secret once, stores only its hash, and replaces it on /updateSecret', async () => {
    const appCode = fresh('app')
    const created = await bench.ok<SysAuthWithSecret>(sys.sysAuthCreate, { appCode, name: '订单系统', tokenType: '2', tokenValidity: '3600' })
    expect(created).toMatchObject({ appCode, name: '订单系统', tokenType: '2', tokenValidity: 3600, status: '1' })
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const row = await db().selectFrom('sys_authentications').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow()
    expect(row.secret_hash).toBe(sha256(created.secret))
    expect(JSON.stringify(row)).not.toContain(created.secret)

    const detail = await bench.send<SysAuth>(sys.sysAuthGet, { id: created.id })
    expect(detail.body.data).not.toHaveProperty('secret')
    expect(JSON.stringify(detail.body)).not.toContain(created.secret)
    const list = await bench.send(sys.sysAuthList, { appCode })
    expect(JSON.stringify(list.body)).not.toContain(created.secret)
    expect((list.body.data as { totalElements: number }).totalElements).toBe(1)

    const renewed = await bench.ok<SysAuthWithSecret>(sys.sysAuthUpdateSecret, { id: created.id })
    expect(renewed.secret).not.toBe(created.secret)
    const after = await db().selectFrom('sys_authentications').select('secret_hash').where('id', '=', created.id).executeTakeFirstOrThrow()
    expect(after.secret_hash).toBe(sha256(renewed.secret))

    // Update changes fields, never the secret.
    const updated = await bench.ok<SysAuth>(sys.sysAuthUpdate, { id: created.id, appCode, name: '订单中心', tokenType: '1', status: '0' })
    expect(updated).toMatchObject({ name: '订单中心', tokenType: '1', tokenValidity: 0, status: '0' })
    expect((await db().selectFrom('sys_authentications').select('secret_hash').where('id', '=', created.id).executeTakeFirstOrThrow()).secret_hash).toBe(sha256(renewed.secret))
  })

  it('refuses a second system authentication for one application, and missing records', async () => {
    const appCode = fresh('dup')
    const first = await bench.ok<SysAuth>(sys.sysAuthCreate, { appCode, name: '甲' })
    expect(refusal(await bench.send(sys.sysAuthCreate, { appCode, name: '乙' }))).toEqual({ code: '4090', message: '该应用已存在系统认证' })
    const other = await bench.ok<SysAuth>(sys.sysAuthCreate, { appCode: fresh('oth'), name: '丙' })
    expect(refusal(await bench.send(sys.sysAuthUpdate, { ...other, appCode }, { locale: 'en' }))).toEqual({ code: '4090', message: 'This application already has a system authentication' })
    await bench.ok(sys.sysAuthDelete, { id: first.id })
    for (const [endpoint, input] of [[sys.sysAuthGet, { id: first.id }], [sys.sysAuthDelete, { id: first.id }], [sys.sysAuthUpdateSecret, { id: first.id }], [sys.sysAuthUpdate, { id: first.id, appCode, name: '甲' }]] as const) {
      expect(refusal(await bench.send(endpoint, input)), endpoint.id).toEqual({ code: '4040', message: '认证暂不存在' })
    }
  })

  it('checks a platform authentication by kind: a static token needs its value, a parsed one its API, status code and parse level', async () => {
    expect(fieldKeys(await bench.send(pf.pfAuthCreate, { authenName: '', authenType: '1', tokenValue: 'x' }))).toEqual({ authenName: 'msg_authen_name_required' })
    expect(fieldKeys(await bench.send(pf.pfAuthCreate, { authenName: 'static', authenType: '1', tokenValue: '  ' }))).toEqual({ tokenValue: 'msg_pfauth_token_required' })
    expect(fieldKeys(await bench.send(pf.pfAuthCreate, { authenName: 'token api', authenType: '2', tokenStatusCode: '12345678901', tokenParseLevel: 'x'.repeat(256) }))).toEqual({
      tokenStatusCode: 'msg_authen_status_code_rule',
      tokenParseLevel: 'msg_authen_parse_level_rule',
      tokenUrl: 'msg_authen_url_required',
    })
    expect(fieldKeys(await bench.send(pf.pfAuthCreate, { authenName: 'token api', authenType: '2', tokenUrl: 'https://id.example.com/token', tokenStatusCode: '20a' }))).toEqual({
      tokenStatusCode: 'msg_authen_status_code_rule',
      tokenParseLevel: 'msg_authen_parse_level_rule',
    })
    const parsed = await bench.ok<PfAuth>(pf.pfAuthCreate, { authenName: fresh('parsed'), authenType: '2', tokenUrl: 'https://id.example.com/token', tokenStatusCode: '200', tokenParseLevel: 'data.token' })
    expect(parsed).toMatchObject({ authenType: '2', tokenStatusCode: '200', tokenParseLevel: 'data.token', tokenValueSet: false, status: '1' })
  })

  it('keeps a static token encrypted, never answers it, and keeps it when an update leaves it empty', async () => {
    const token = 'static-token-Zq9'
    const created = await bench.ok<PfAuth>(pf.pfAuthCreate, { authenName: fresh('static'), authenType: '1', tokenKey: 'X-Token', tokenValue: token })
    expect(created).toMatchObject({ tokenValue: '', tokenValueSet: true, tokenKey: 'X-Token' })
    const stored = async () => (await db().selectFrom('pf_authentications').select('token_secret').where('id', '=', created.id).executeTakeFirstOrThrow()).token_secret
    const cipher = await stored()
    expect(cipher).toMatch(/^v1:/)
    expect(cipher).not.toContain(token)
    for (const answer of [await bench.send(pf.pfAuthGet, { id: created.id }), await bench.send(pf.pfAuthList, { authenName: created.authenName })]) {
      expect(JSON.stringify(answer.body)).not.toContain(token)
    }
    await bench.ok(pf.pfAuthUpdate, { ...created, remark: '改备注', tokenValue: '' })
    expect(await stored()).toBe(cipher)
    await bench.ok(pf.pfAuthUpdate, { ...created, tokenValue: 'another-token' })
    expect(await stored()).not.toBe(cipher)
  })

  it('toggles a platform authentication and deletes it only once disabled; refuses duplicate names', async () => {
    const created = await bench.ok<PfAuth>(pf.pfAuthCreate, { authenName: fresh('toggle'), tokenValue: 't0ken' })
    expect(refusal(await bench.send(pf.pfAuthCreate, { authenName: created.authenName, tokenValue: 'x' }))).toEqual({ code: '4090', message: '认证名称已存在' })
    expect(refusal(await bench.send(pf.pfAuthDelete, { id: created.id }))).toEqual({ code: '4090', message: '认证已启用，不允许删除，请先停用' })
    expect((await bench.ok<PfAuth>(pf.pfAuthDisableOrEnable, { id: created.id })).status).toBe('0')
    await bench.ok(pf.pfAuthDelete, { id: created.id })
    expect(refusal(await bench.send(pf.pfAuthGet, { id: created.id }, { locale: 'en' })).code).toBe('4040')
    expect(refusal(await bench.send(pf.pfAuthDisableOrEnable, { id: created.id })).code).toBe('4040')
  })
})
