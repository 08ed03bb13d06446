import { afterAll, beforeAll, expect, it } from 'vitest'
import { allEndpoints } from '../../../src/shared/contract'
import { changePassword, login, logout, updateMe } from '../../../src/shared/contract/platform/session'
import { pushData } from '../../../src/shared/contract/platform/startup'
import { routePattern } from '../../../src/shared/endpoint'
import { ADMIN_PASSWORD, call, openTestHub, signIn, type TestHub } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

const targets = await storeTargets()

describeEachStore(targets, 'refused input', (target) => {
  let location: StoreLocation
  let hub: TestHub
  let token: string
  const post = (url: string, payload: string, contentType: string, headers: Record<string, string> = {}) =>
    hub.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, authorization: `Bearer ${token}`, ...headers } })

  beforeAll(async () => {
    location = await target.create()
    hub = await openTestHub(location)
    token = await signIn(hub.app)
  })
  afterAll(async () => {
    await hub?.close()
    await location?.cleanup()
  })

  it('names each failing field of a password change with its rule key', async () => {
    const weak = await call(hub.app, changePassword, { oldPassword: '', newPassword: 'short', confirmPassword: 'other' }, { token })
    expect(weak.status).toBe(200)
    expect(weak.body.code).toBe('4001')
    expect(weak.body.message).toBe('提交的数据不符合要求')
    expect(weak.body.data).toEqual({
      fields: expect.arrayContaining([
        { path: 'oldPassword', key: 'msg_password_old_required', message: '请输入原密码' },
        { path: 'newPassword', key: 'msg_password_rule', message: expect.stringContaining('8-20') },
      ]),
    })
    const mismatch = await call(hub.app, changePassword, { oldPassword: ADMIN_PASSWORD, newPassword: 'Good#Pass1', confirmPassword: 'Good#Pass2' }, { token })
    expect(mismatch.body.data).toEqual({ fields: [{ path: 'confirmPassword', key: 'msg_password_mismatch', message: '两次输入的密码不一致' }] })
  })

  it('refuses a wrong old password as a field error, in the caller language', async () => {
    const answer = await call(hub.app, changePassword, { oldPassword: 'Wrong#Pass1', newPassword: 'Good#Pass1', confirmPassword: 'Good#Pass1' }, { token, locale: 'en-US,en;q=0.9' })
    expect(answer.body).toEqual({
      code: '4001',
      message: 'The submitted data is not valid',
      data: { fields: [{ path: 'oldPassword', key: 'msg_password_old_wrong', message: 'The current password is incorrect' }] },
    })
  })

  it('gives a key to fields whose schema has no message of its own', async () => {
    const answer = await call(hub.app, updateMe, { name: '', preference: { theme: 'purple' }, avatar: 7 }, { token })
    expect(answer.body.data).toEqual({
      fields: expect.arrayContaining([
        { path: 'name', key: 'msg_name_required', message: '请输入名称' },
        { path: 'preference.theme', key: 'msg_field_invalid', message: '字段值不符合要求' },
        { path: 'avatar', key: 'msg_field_invalid', message: '字段值不符合要求' },
      ]),
    })
    const missing = await call(hub.app, login, { username: 'admin' })
    expect(missing.body.data).toEqual({ fields: [{ path: 'password', key: 'msg_field_required', message: '必填字段' }] })
  })

  it('answers malformed JSON and unsupported content types with 4001', async () => {
    const url = routePattern(login)
    for (const [payload, type] of [['{"username": "admin",', 'application/json'], ['<login/>', 'application/xml'], ['admin', 'text/plain'], ['{"__proto__": {"x": 1}}', 'application/json']]) {
      const answer = await post(url, payload!, type!)
      expect(answer.statusCode, `${type} ${payload}`).toBe(200)
      expect(answer.json().code, `${type} ${payload}`).toBe('4001')
    }
  })

  it('takes an empty JSON body as no input', async () => {
    const own = await signIn(hub.app)
    const answer = await hub.app.inject({ method: 'POST', url: routePattern(logout), headers: { 'content-type': 'application/json', authorization: `Bearer ${own}` } })
    expect(answer.json().code).toBe('2000')
  })

  it('answers a body that is too large with 4130', async () => {
    const answer = await post(routePattern(updateMe), JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }), 'application/json')
    expect(answer.statusCode).toBe(413)
    expect(answer.json()).toEqual({ code: '4130', message: '请求内容过大', data: null })
  })

  it('answers unknown paths and wrong methods with 4040', async () => {
    for (const [method, url] of [['GET', '/api/inner/platform/nothing-here'], ['GET', routePattern(login)], ['POST', '/'], ['GET', '/api/inner/%E0%A4%A']] as const) {
      const answer = await hub.app.inject({ method, url, headers: { 'accept-language': 'en' } })
      expect(answer.statusCode, `${method} ${url}`).toBe(404)
      expect(answer.json(), `${method} ${url}`).toEqual({ code: '4040', message: 'No such call', data: null })
    }
  })

  it('rejects a behaviour batch that breaks the schema with the push code 4000', async () => {
    const bad = await call(hub.app, pushData, [{ type: '', time: 'now' }], { token })
    expect(bad.body).toEqual({ code: '4000', message: '行为数据未被接收', data: null })
    const tooMany = await call(hub.app, pushData, Array.from({ length: 101 }, () => ({ type: 'click', time: '2025-01-01' })), { token })
    expect(tooMany.body.code).toBe('4000')
    expect((await call(hub.app, pushData, { type: 'click' }, { token })).body.code).toBe('4000')
  })

  it('never answers 5xx, whatever the body, on any endpoint', async () => {
    const bodies = ['null', '[]', '"text"', '42', '{"a":{"b":[1,2,{"c":null}]}}', JSON.stringify({ username: ['x'], password: { $gt: '' }, name: 1e308, preference: 'dark' })]
    for (const endpoint of allEndpoints) {
      for (const body of bodies) {
        // A body that passes logout's schema ends the session: those get a session of their own.
        const own = endpoint.session === 'revokes' ? await signIn(hub.app) : token
        const answer = endpoint.method === 'GET'
          ? await hub.app.inject({ method: 'GET', url: `${routePattern(endpoint)}?x=${encodeURIComponent(body)}&x=2&t=1`, headers: { authorization: `Bearer ${own}` } })
          : await hub.app.inject({ method: 'POST', url: routePattern(endpoint), payload: body, headers: { 'content-type': 'application/json', authorization: `Bearer ${own}` } })
        expect(answer.statusCode, `${endpoint.id} ${body}`).toBeLessThan(500)
        // A download's success is the file itself; anything else is an envelope.
        if (endpoint.download && !String(answer.headers['content-type']).startsWith('application/json')) continue
        expect(answer.json().code, `${endpoint.id} ${body}`).not.toBe('5000')
      }
    }
    expect(hub.logs.filter((line) => line.includes('failed'))).toEqual([])
  })
})
