import * as consumer from '../../../src/shared/contract/datahub/consumer'
import * as producer from '../../../src/shared/contract/datahub/producer'
import * as topic from '../../../src/shared/contract/datahub/topic'
import type { Consumer, ConsumerInput } from '../../../src/shared/contract/datahub/consumer'
import type { Producer, ProducerInput } from '../../../src/shared/contract/datahub/producer'
import type { TopicDetail, TopicInput } from '../../../src/shared/contract/datahub/topic'
import type { HubConfig } from '../../../src/hub/config'
import { openCallBench, type CallBench } from '../../support/bench'
import type { StoreTarget } from '../../support/stores'

/** A data-hub test bench: the shared one (tests/support/bench.ts) and typed shortcuts. */
export interface Bench extends CallBench {
  topic(overrides?: Partial<TopicInput>): Promise<TopicDetail>
  producer(topicCode: string, overrides?: Partial<ProducerInput>): Promise<Producer>
  consumer(topicCode: string, overrides?: Partial<ConsumerInput>): Promise<Consumer>
}

let serial = 0
/** A code nobody used in this run. */
export const freshCode = (prefix = 'topic'): string => `${prefix}.${Date.now().toString(36)}_${(serial++).toString(36)}`

export async function openBench(target: StoreTarget, overrides: Partial<HubConfig> = {}): Promise<Bench> {
  const bench = await openCallBench(target, overrides)
  const { ok } = bench
  return {
    ...bench,
    topic: (overrides = {}) => ok<TopicDetail>(topic.topicCreate, { code: freshCode(), name: 'Orders topic', ...overrides }),
    producer: (topicCode, overrides = {}) =>
      ok<Producer>(producer.producerCreate, { topicCode, appCode: 'crm', productionMode: 'http', ...overrides }),
    consumer: (topicCode, overrides = {}) =>
      ok<Consumer>(consumer.consumerCreate, { topicCode, applicationCode: 'erp', dataConsumeType: 'http', ...overrides }),
  }
}

export { fieldKeys, refusal } from '../../support/bench'
