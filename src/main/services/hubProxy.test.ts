import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Locale } from '../../shared/locale'
import type { IpcEvent } from '../../shared/ipc'
import { createHubProxy, HUB_TIMEOUT_MS } from './hubProxy'
import type { TokenVault } from './tokenVault'

/**
 * The proxy's mapping, with a stand-in HTTP adapter in place of the network (the real hub is
 * in tests/integration/main/hubProxy.test.ts) and a stand-in in-memory vault.
 */
type Reply = { status?: number; data: unknown; headers?: Record<string, string> } | Error

let requests: InternalAxiosRequestConfig[]
let replies: Reply[]
let events: Array<{ event: IpcEvent; data: unknown }>
let tokens: Map<string, string>
let locale: Locale
let baseUrl: string | null
let profileId: string

const adapter: AxiosAdapter = async (config) => {
  requests.push(config)
  const reply = replies.shift() ?? { data: { code: '2000', message: 'ok', data: null } }
  if (reply instanceof Error) throw reply
  return { data: reply.data, status: reply.status ?? 200, statusText: '', headers: new AxiosHeaders(reply.headers ?? {}), config }
}

const vault: TokenVault = {
  mode: 'memory',
  get: async (id) => tokens.get(id) ?? null,
  set: async (id, t) => void tokens.set(id, t),
  clear: async (id) => void tokens.delete(id),
}

const proxy = () =>
  createHubProxy({
    baseUrl: () => baseUrl,
    profileId: () => profileId,
    locale: () => locale,
    vault,
    emit: (event, data) => events.push({ event, data }),
    adapter,
    now: () => 1_700_000_000_000,
  })

const user = { id: 'u1', username: 'admin', name: 'Admin', avatar: null, roles: ['admin'], preference: { theme: 'system', locale: 'cn' } }

beforeEach(() => {
  requests = []
  replies = []
  events = []
  tokens = new Map()
  locale = 'zh-CN'
  baseUrl = 'http://127.0.0.1:7380'
  profileId = 'embedded'
})

describe('what the proxy sends', () => {
  it('sends GET input as the query with the timestamp t, the token, the language and the 180000 ms timeout', async () => {
    tokens.set('embedded', 'tok-1')
    locale = 'en'
    await proxy().call('platform.me', {})
    const [r] = requests
    expect(r?.method).toBe('get')
    expect(`${r?.baseURL}${r?.url}`).toBe('http://127.0.0.1:7380/api/inner/platform/me/')
    expect(r?.params).toEqual({ t: 1_700_000_000_000 })
    expect(r?.data).toBeUndefined()
    expect(r?.headers.get('Authorization')).toBe('Bearer tok-1')
    expect(r?.headers.get('Accept-Language')).toBe('en')
    expect(r?.timeout).toBe(HUB_TIMEOUT_MS)
    expect(HUB_TIMEOUT_MS).toBe(180_000)
  })

  it('sends POST input as a JSON body, still with t in the query', async () => {
    await proxy().call('platform.login', { username: 'admin', password: 'secret' })
    const [r] = requests
    expect(r?.method).toBe('post')
    expect(r?.url).toBe('/api/inner/platform/login')
    expect(JSON.parse(String(r?.data))).toEqual({ username: 'admin', password: 'secret' })
    expect(r?.params).toEqual({ t: 1_700_000_000_000 })
  })

  it('sends no Authorization header without a stored token, nor another profile\'s token', async () => {
    tokens.set('other-hub', 'tok-other')
    await proxy().call('platform.getLicese')
    expect(requests[0]?.headers.has('Authorization')).toBe(false)
  })

  it('refuses endpoint ids outside the contract without contacting the hub', async () => {
    for (const [lang, message] of [
      ['zh-CN', '不支持的调用'],
      ['en', 'This call is not part of the contract'],
    ] as const) {
      locale = lang
      expect(await proxy().call('platform.user.deleteEverything', {})).toEqual({ ok: false, code: '4040', message })
    }
    for (const id of ['__proto__', 'constructor', 'toString', '']) expect(await proxy().call(id, {})).toMatchObject({ ok: false, code: '4040' })
    expect(requests).toHaveLength(0)
  })
})

describe('what the renderer gets back', () => {
  it('maps 2000 to ok with data and message', async () => {
    replies.push({ data: { code: '2000', message: '成功', data: user } })
    expect(await proxy().call('platform.me')).toEqual({ ok: true, data: user, message: '成功' })
  })

  it('passes other codes through with the hub\'s message and data, also on HTTP 404/413', async () => {
    replies.push({ status: 413, data: { code: '4130', message: '文件过大', data: { limit: 1 } } })
    expect(await proxy().call('platform.me')).toEqual({ ok: false, code: '4130', message: '文件过大', data: { limit: 1 } })
    replies.push({ status: 200, data: { code: '4010', message: 'Username or password error', data: null } })
    expect(await proxy().call('platform.login', { username: 'a', password: 'b' })).toEqual({ ok: false, code: '4010', message: 'Username or password error' })
  })

  it('answers 5030 with a translated message when the hub cannot be reached or does not answer', async () => {
    const cases: Reply[] = [
      new AxiosError('connect ECONNREFUSED 127.0.0.1:7380', 'ECONNREFUSED'),
      new AxiosError(`timeout of ${HUB_TIMEOUT_MS}ms exceeded`, 'ECONNABORTED'),
      { status: 502, data: '<html>Bad gateway</html>' },
      { status: 200, data: { hello: 'world' } },
    ]
    for (const reply of cases) {
      replies.push(reply)
      expect(await proxy().call('platform.me')).toEqual({ ok: false, code: '5030', message: '无法连接到数据中心服务，请检查网络或服务地址' })
    }
    locale = 'en'
    baseUrl = null
    expect(await proxy().call('platform.me')).toEqual({ ok: false, code: '5030', message: 'Cannot reach the hub server: check the network or the hub address' })
  })
})

describe('the session around calls', () => {
  it('keeps the token from a sign-in in the vault and never hands it to the renderer', async () => {
    replies.push({ data: { code: '2000', message: 'ok', data: { ...user, token: 'tok-new' } } })
    const result = await proxy().call('platform.login', { username: 'admin', password: 'x' })
    expect(result).toEqual({ ok: true, data: user, message: 'ok' })
    expect(JSON.stringify(result)).not.toContain('tok-new')
    expect(tokens.get('embedded')).toBe('tok-new')
  })

  it('stores nothing when the sign-in fails', async () => {
    replies.push({ data: { code: '4010', message: 'Username or password error', data: null } })
    await proxy().call('platform.login', { username: 'admin', password: 'x' })
    expect(tokens.size).toBe(0)
  })

  it('drops the token after a logout, whatever the hub answered, and says the session ended', async () => {
    for (const reply of [{ data: { code: '2000', message: 'ok', data: null } }, new AxiosError('socket hang up', 'ECONNRESET')]) {
      tokens.set('embedded', 'tok-1')
      events = []
      replies.push(reply)
      await proxy().call('platform.logout', {})
      expect(tokens.has('embedded')).toBe(false)
      expect(events).toEqual([{ event: 'session.ended', data: { reason: 'logout' } }])
    }
  })

  it('drops the token on 4030 and says the session is invalid', async () => {
    tokens.set('embedded', 'tok-expired')
    replies.push({ data: { code: '4030', message: '登录已失效，请重新登录', data: null } })
    expect(await proxy().call('platform.me')).toEqual({ ok: false, code: '4030', message: '登录已失效，请重新登录' })
    expect(tokens.has('embedded')).toBe(false)
    expect(events).toEqual([{ event: 'session.ended', data: { reason: 'invalid' } }])
  })

  it('keeps a newer session when a call made with the old token comes back 4030 late', async () => {
    tokens.set('embedded', 'tok-old')
    let answer!: () => void
    const slow: AxiosAdapter = (config) =>
      new Promise((resolve) => {
        answer = () => resolve({ data: { code: '4030', message: 'expired', data: null }, status: 200, statusText: '', headers: new AxiosHeaders(), config })
      })
    const p = createHubProxy({ baseUrl: () => baseUrl, profileId: () => profileId, locale: () => locale, vault, emit: (event, data) => events.push({ event, data }), adapter: slow })
    const late = p.call('platform.me')
    await new Promise((r) => setTimeout(r, 0))
    tokens.set('embedded', 'tok-new')
    answer()
    expect(await late).toMatchObject({ ok: false, code: '4030' })
    expect(tokens.get('embedded')).toBe('tok-new')
    expect(events).toEqual([])
  })
})

describe('data versions', () => {
  const versioned = (lang: string, dict: string, param: string) => ({
    data: { code: '2000', message: 'ok', data: null },
    headers: { 'x-lang-version': lang, 'x-dict-version': dict, 'x-param-version': param },
  })

  it('reports new versions once, sends the last ones back, and reports again when one moves', async () => {
    const p = proxy()
    replies.push(versioned('1', '1', '1'), versioned('1', '1', '1'), versioned('1', '2', '1'))
    const first = await p.call('platform.getLicese')
    expect(first).toMatchObject({ ok: true, versions: { lang: '1', dict: '1', param: '1' } })
    await p.call('platform.getLicese')
    await p.call('platform.getLicese')
    expect(events).toEqual([
      { event: 'data.versions', data: { lang: '1', dict: '1', param: '1' } },
      { event: 'data.versions', data: { lang: '1', dict: '2', param: '1' } },
    ])
    expect(requests[0]?.headers.has('x-dict-version')).toBe(false)
    expect(requests[1]?.headers.get('x-dict-version')).toBe('1')
    expect(requests[2]?.headers.get('x-lang-version')).toBe('1')
  })

  it('starts over for another hub', async () => {
    const p = proxy()
    replies.push(versioned('1', '1', '1'))
    await p.call('platform.getLicese')
    baseUrl = 'https://hub.example.com'
    replies.push(versioned('1', '1', '1'))
    await p.call('platform.getLicese')
    expect(requests[1]?.headers.has('x-lang-version')).toBe(false)
    expect(events.filter((e) => e.event === 'data.versions')).toHaveLength(2)
  })
})
