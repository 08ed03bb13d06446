import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { ResultCode } from '../../shared/envelope'
import { createSqliteLocation, type StoreLocation } from '../../../tests/support/stores'
import { ADMIN_PASSWORD, testConfig } from '../../../tests/support/hub'
import { hubContext, serveEndpoints } from '../app'
import { bootstrapAdmin } from '../auth/bootstrap'
import { login } from '../platform/session'
import { openStore, type Store } from '../store'
import { route } from './context'
import { Refusal } from '../kernel/refusal'

const base = { area: 'hub', input: z.object({}).optional() } as const
const guarded = defineEndpoint({ ...base, id: 't.guarded', method: 'GET', path: '/t/guarded', access: 'session', permission: 'test:secret', output: z.object({ ok: z.boolean() }) })
const broken = defineEndpoint({ ...base, id: 't.broken', method: 'GET', path: '/t/broken', access: 'public', output: z.object({ n: z.number() }) })
const crash = defineEndpoint({ ...base, id: 't.crash', method: 'POST', path: '/t/crash', access: 'public', output: z.null() })
const refuse = defineEndpoint({ ...base, id: 't.refuse', method: 'POST', path: '/t/refuse', access: 'public', output: z.null() })
const item = defineEndpoint({
  id: 't.item', method: 'GET', area: 'hub', path: '/t/item/{id}', access: 'public',
  input: z.object({ id: z.string(), n: z.coerce.number().int() }), output: z.object({ id: z.string(), n: z.number() }),
})
const rename = defineEndpoint({
  id: 't.rename', method: 'POST', area: 'hub', path: '/t/item/{id}/rename', access: 'public',
  input: z.object({ id: z.string(), name: z.string() }), output: z.object({ id: z.string(), name: z.string() }),
})

const routes = [
  login,
  route(guarded, async () => ({ ok: true })),
  // A handler that breaks its own contract: a hub bug, never shown as data.
  route(broken, async () => ({ n: 'seven' }) as unknown as { n: number }),
  // An error that carries an HTTP status of its own is still the hub's failure, not bad input.
  route(crash, async () => {
    throw Object.assign(new Error('boom'), { statusCode: 400 })
  }),
  route(refuse, async () => {
    throw new Refusal(ResultCode.conflict, 'msg_not_found')
  }),
  route(item, async (input) => input),
  route(rename, async (input) => input),
]

describe('the endpoint registrar', () => {
  let location: StoreLocation
  let store: Store
  let app: FastifyInstance
  const logs: string[] = []

  beforeAll(async () => {
    location = await createSqliteLocation()
    store = await openStore({ dataDir: location.dataDir })
    await bootstrapAdmin(store, { dataDir: location.dataDir, adminPassword: ADMIN_PASSWORD })
    const hub = hubContext({ store, config: testConfig(location), log: (l: string) => logs.push(l) })
    app = await serveEndpoints(hub, routes.map((r) => r.endpoint), routes)
  })
  afterAll(async () => {
    await app?.close()
    await store?.close()
    await location?.cleanup()
  })

  const json = async (method: 'GET' | 'POST', url: string, options: { token?: string; payload?: object } = {}) => {
    const res = await app.inject({ method, url, payload: options.payload, headers: options.token ? { authorization: `Bearer ${options.token}` } : {} })
    return { status: res.statusCode, body: res.json() }
  }

  it('refuses an endpoint whose permission code the user roles lack with 4031', async () => {
    const signIn = await json('POST', '/api/inner/platform/login', { payload: { username: 'admin', password: ADMIN_PASSWORD } })
    const token = signIn.body.data.token as string
    expect((await json('GET', '/api/t/guarded', { token })).body).toEqual({ code: '4031', message: '权限不足', data: null })

    const admin = await store.db.selectFrom('roles').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()
    await store.db.insertInto('role_permissions').values({ role_id: admin.id, permission: 'test:secret' }).execute()
    expect((await json('GET', '/api/t/guarded', { token })).body).toMatchObject({ code: '2000', data: { ok: true } })
    expect((await json('GET', '/api/t/guarded')).body.code).toBe('4030')
  })

  it('answers 5000 with a reference, logged with the cause, for an answer that breaks the contract', async () => {
    const answer = await json('GET', '/api/t/broken')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ code: '5000', message: '系统错误，请联系管理员', data: { reference: expect.any(String) } })
    expect(logs.find((l) => l.includes(answer.body.data.reference))).toMatch(/t\.broken breaks the contract/)
  })

  it('answers 5000 for a handler that throws, and keeps serving', async () => {
    const answer = await json('POST', '/api/t/crash', { payload: {} })
    expect(answer).toMatchObject({ status: 200, body: { code: '5000' } })
    expect(logs.find((l) => l.includes(answer.body.data.reference))).toContain('boom')
    expect((await json('GET', '/api/t/item/a?n=1')).body.code).toBe('2000')
  })

  it('answers a refusal thrown by a handler with its own code', async () => {
    expect((await json('POST', '/api/t/refuse', { payload: {} })).body).toEqual({ code: '4090', message: '数据不存在', data: null })
  })

  it('fills path segments into the input, beside the query or the body, and ignores `t`', async () => {
    expect((await json('GET', '/api/t/item/a%20b?n=5&t=1700000000000')).body.data).toEqual({ id: 'a b', n: 5 })
    expect((await json('POST', '/api/t/item/x1/rename?t=1', { payload: { name: 'New', id: 'ignored' } })).body.data).toEqual({ id: 'x1', name: 'New' })
    expect((await json('GET', '/api/t/item/a?n=five')).body.data.fields).toEqual([{ path: 'n', key: 'msg_field_invalid', message: '字段值不符合要求' }])
  })

  it('will not start with an endpoint that has no handler', async () => {
    const hub = hubContext({ store, config: testConfig(location), log: () => {} })
    await expect(serveEndpoints(hub, [guarded, broken], [routes[1]!])).rejects.toThrow('no handler for the contract\'s endpoint t.broken')
  })
})
