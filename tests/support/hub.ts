import type { FastifyInstance } from 'fastify'
import { login } from '../../src/shared/contract/platform/session'
import type { Endpoint } from '../../src/shared/endpoint'
import { resolvePath } from '../../src/shared/endpoint'
import type { Envelope } from '../../src/shared/envelope'
import { hubContext, serveHub } from '../../src/hub/app'
import { bootstrapAdmin } from '../../src/hub/auth/bootstrap'
import { hashPassword } from '../../src/hub/auth/passwords'
import type { HubConfig } from '../../src/hub/config'
import type { RuntimeBus } from '../../src/hub/runtime/events'
import type { HubOutboxKinds } from '../../src/hub/runtime/report/outboxKind'
import { openStore, type Store } from '../../src/hub/store'
import { isoNow, newId } from '../../src/hub/store/ids'
import type { StoreLocation } from './stores'

/** The admin password the test hubs are bootstrapped with (meets the password rule). */
export const ADMIN_PASSWORD = 'Adm1n!pass'

/**
 * A test hub's config. Test targets (sinks, polled APIs, WSDL servers) listen on loopback, which a
 * hub refuses by default (security finding 9), so test hubs allow it; a test of the refusal sets
 * allowPrivateWsdl: false.
 */
export function testConfig(location: StoreLocation, overrides: Partial<HubConfig> = {}): HubConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    dataDir: location.dataDir,
    databaseUrl: location.databaseUrl,
    adminPassword: ADMIN_PASSWORD,
    sessionHours: 12,
    sqliteBinding: null,
    allowPrivateWsdl: true,
    ...overrides,
  }
}

export interface TestHub {
  app: FastifyInstance
  store: Store
  config: HubConfig
  /** Lines the hub logged (failures with their references). */
  logs: string[]
  /** The hub's event bus, with its alarms subscribed: a worker or listener a test builds beside the hub announces here. */
  events: RuntimeBus
  /** The hub's outbox kinds, for a worker a test builds beside the hub to send its notices. */
  outbox: HubOutboxKinds
  close(): Promise<void>
}

/** A hub over `location` with its admin, answering through `app.inject` (no socket). */
export async function openTestHub(location: StoreLocation, overrides: Partial<HubConfig> = {}): Promise<TestHub> {
  const config = testConfig(location, overrides)
  const logs: string[] = []
  const log = (line: string) => logs.push(line)
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  await bootstrapAdmin(store, { dataDir: config.dataDir, adminPassword: config.adminPassword, log })
  const hub = hubContext({ store, config, log })
  const app = await serveHub(hub)
  return {
    app,
    store,
    config,
    logs,
    events: hub.events,
    outbox: hub.outbox,
    close: async () => {
      await app.close()
      await store.close()
    },
  }
}

export interface CallOptions {
  token?: string | null
  locale?: string
  headers?: Record<string, string>
}

export interface Answer<T = unknown> {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  body: Envelope<T>
}

/** Calls one endpoint the way the console's proxy does: `t` in the query, JSON body for POST. */
export async function call<T = unknown>(app: FastifyInstance, endpoint: Endpoint, input?: unknown, options: CallOptions = {}): Promise<Answer<T>> {
  const { path, rest } = resolvePath(endpoint, input)
  const headers: Record<string, string> = {
    'accept-language': options.locale ?? 'zh-CN',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  }
  const query = { ...(endpoint.method === 'GET' && rest && typeof rest === 'object' ? (rest as Record<string, string>) : {}), t: String(Date.now()) }
  const response = await app.inject({
    method: endpoint.method,
    url: path,
    query,
    headers,
    ...(endpoint.method === 'POST' ? { payload: (rest ?? {}) as object } : {}),
  })
  return { status: response.statusCode, headers: response.headers, body: response.json() as Envelope<T> }
}

/**
 * Posts a file as the multipart field `file` to an upload endpoint, the way the console's proxy
 * does: the endpoint's other input (`options.query`) in the query string.
 */
export async function postFile<T = unknown>(app: FastifyInstance, endpoint: Endpoint, file: { name: string; bytes: Uint8Array }, options: CallOptions & { query?: Record<string, string> } = {}): Promise<Answer<T>> {
  const boundary = `----dh${Date.now()}`
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const response = await app.inject({
    method: 'POST',
    url: `${resolvePath(endpoint, {}).path}?${new URLSearchParams({ ...options.query, t: String(Date.now()) }).toString()}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': options.locale ?? 'zh-CN', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    payload: Buffer.concat([head, Buffer.from(file.bytes), tail]),
  })
  return { status: response.statusCode, headers: response.headers, body: response.json() as Envelope<T> }
}

/** Fetches a download endpoint: the file's bytes, or the envelope of a refusal. */
export async function getFile(app: FastifyInstance, endpoint: Endpoint, options: CallOptions = {}): Promise<{ status: number; contentType: string; bytes: Buffer }> {
  const response = await app.inject({
    method: 'GET',
    url: `${resolvePath(endpoint, {}).path}?t=${Date.now()}`,
    headers: { 'accept-language': options.locale ?? 'zh-CN', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
  })
  return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), bytes: response.rawPayload }
}

/** Adds a user directly in the store (user administration is not part of this contract yet). */
export async function addUser(store: Store, user: { username: string; password: string; roles: string[]; status?: string }): Promise<string> {
  const id = newId()
  const at = isoNow()
  await store.db
    .insertInto('users')
    .values({
      id,
      username: user.username,
      name: user.username,
      password_hash: await hashPassword(user.password),
      avatar: null,
      status: user.status ?? '1',
      preference: '{}',
      created_at: at,
      updated_at: at,
    })
    .execute()
  for (const code of user.roles) {
    const role = await store.db.selectFrom('roles').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()
    await store.db.insertInto('user_roles').values({ user_id: id, role_id: role.id }).execute()
  }
  return id
}

/** Signs in and returns the token (the admin by default). */
export async function signIn(app: FastifyInstance, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const answer = await call<{ token?: string }>(app, login, { username, password })
  const token = answer.body.data?.token
  if (answer.body.code !== '2000' || !token) throw new Error(`sign-in as ${username} failed: ${answer.body.code} ${answer.body.message}`)
  return token
}
