import { expect } from 'vitest'
import type { Endpoint } from '../../src/shared/endpoint'
import type { HubConfig } from '../../src/hub/config'
import { call, openTestHub, signIn, type Answer, type TestHub } from './hub'
import type { StoreLocation, StoreTarget } from './stores'

/** A hub on a fresh store of one target, the admin's token, and call shortcuts. */
export interface CallBench {
  hub: TestHub
  admin: string
  /** Calls as the admin (or with `token`), in Chinese unless `locale` says otherwise. */
  send<T = unknown>(endpoint: Endpoint, input?: unknown, options?: { token?: string | null; locale?: string }): Promise<Answer<T>>
  /** Calls (as the admin, or with `token`) and expects success; returns data. */
  ok<T = unknown>(endpoint: Endpoint, input?: unknown, token?: string): Promise<T>
  close(): Promise<void>
}

export async function openCallBench(target: StoreTarget, overrides: Partial<HubConfig> = {}): Promise<CallBench> {
  const location: StoreLocation = await target.create()
  const hub = await openTestHub(location, overrides)
  return callBenchOf(hub, await signIn(hub.app), async () => {
    await hub.close()
    await location.cleanup()
  })
}

/** The calls of a CallBench over a hub already open, as `admin`; `close` ends what the caller opened (the hub, by default). */
export function callBenchOf(hub: TestHub, admin: string, close: () => Promise<void> = () => hub.close()): CallBench {
  const send: CallBench['send'] = (endpoint, input, options = {}) =>
    call(hub.app, endpoint, input, { token: options.token === undefined ? admin : options.token, locale: options.locale })
  const ok = async <T>(endpoint: Endpoint, input?: unknown, token?: string): Promise<T> => {
    const answer = await send<T>(endpoint, input, token ? { token } : {})
    expect(answer.body.code, `${endpoint.id}: ${answer.body.message} ${JSON.stringify(answer.body.data)}`).toBe('2000')
    return answer.body.data as T
  }
  return { hub, admin, send, ok, close }
}

/** The field list of a '4001' answer as {path: key}. */
export function fieldKeys(answer: Answer): Record<string, string> {
  expect(answer.body.code, answer.body.message).toBe('4001')
  const fields = (answer.body.data as { fields: { path: string; key: string }[] }).fields
  return Object.fromEntries(fields.map((f) => [f.path, f.key]))
}

/** A refusal as the caller sees it: code and message (Chinese unless the call asked for English). */
export const refusal = (answer: Answer) => ({ code: answer.body.code, message: answer.body.message })
