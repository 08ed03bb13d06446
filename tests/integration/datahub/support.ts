import { expect } from 'vitest'
import type { Endpoint } from '../../../src/shared/endpoint'
import * as consumer from '../../../src/shared/contract/datahub/consumer'
import * as producer from '../../../src/shared/contract/datahub/producer'
import * as topic from '../../../src/shared/contract/datahub/topic'
import type { Consumer, ConsumerInput } from '../../../src/shared/contract/datahub/consumer'
import type { Producer, ProducerInput } from '../../../src/shared/contract/datahub/producer'
import type { TopicDetail, TopicInput } from '../../../src/shared/contract/datahub/topic'
import { call, openTestHub, signIn, type Answer, type TestHub } from '../../support/hub'
import type { StoreLocation, StoreTarget } from '../../support/stores'

/** A data-hub test bench: a hub on one store, the admin's token, and typed shortcuts. */
export interface Bench {
  hub: TestHub
  admin: string
  /** Calls as the admin (or with `token`), in Chinese unless `locale` says otherwise. */
  send<T = unknown>(endpoint: Endpoint, input?: unknown, options?: { token?: string | null; locale?: string }): Promise<Answer<T>>
  /** Calls and expects success; returns data. */
  ok<T = unknown>(endpoint: Endpoint, input?: unknown): Promise<T>
  topic(overrides?: Partial<TopicInput>): Promise<TopicDetail>
  producer(topicCode: string, overrides?: Partial<ProducerInput>): Promise<Producer>
  consumer(topicCode: string, overrides?: Partial<ConsumerInput>): Promise<Consumer>
  close(): Promise<void>
}

let serial = 0
/** A code nobody used in this run. */
export const freshCode = (prefix = 'topic'): string => `${prefix}.${Date.now().toString(36)}_${(serial++).toString(36)}`

export async function openBench(target: StoreTarget): Promise<Bench> {
  const location: StoreLocation = await target.create()
  const hub = await openTestHub(location)
  const admin = await signIn(hub.app)
  const send: Bench['send'] = (endpoint, input, options = {}) =>
    call(hub.app, endpoint, input, { token: options.token === undefined ? admin : options.token, locale: options.locale })
  const ok = async <T>(endpoint: Endpoint, input?: unknown): Promise<T> => {
    const answer = await send<T>(endpoint, input)
    expect(answer.body.code, `${endpoint.id}: ${answer.body.message} ${JSON.stringify(answer.body.data)}`).toBe('2000')
    return answer.body.data as T
  }
  return {
    hub,
    admin,
    send,
    ok,
    topic: (overrides = {}) => ok<TopicDetail>(topic.topicCreate, { code: freshCode(), name: 'Orders topic', ...overrides }),
    producer: (topicCode, overrides = {}) =>
      ok<Producer>(producer.producerCreate, { topicCode, appCode: 'crm', productionMode: 'http', ...overrides }),
    consumer: (topicCode, overrides = {}) =>
      ok<Consumer>(consumer.consumerCreate, { topicCode, applicationCode: 'erp', dataConsumeType: 'http', ...overrides }),
    close: async () => {
      await hub.close()
      await location.cleanup()
    },
  }
}

/** The field list of a '4001' answer as {path: key}. */
export function fieldKeys(answer: Answer): Record<string, string> {
  expect(answer.body.code, answer.body.message).toBe('4001')
  const fields = (answer.body.data as { fields: { path: string; key: string }[] }).fields
  return Object.fromEntries(fields.map((f) => [f.path, f.key]))
}

/** A refusal: its code and message. */
export const refusal = (answer: Answer) => ({ code: answer.body.code, message: answer.body.message })
