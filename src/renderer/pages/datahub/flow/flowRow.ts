import { consumerSummarySchema, type ConsumerSummary } from '../../../../shared/contract/datahub/consumer'
import { producerSummarySchema, type ProducerSummary } from '../../../../shared/contract/datahub/producer'
import type { TopicFlow } from '../../../../shared/contract/datahub/topic'

/** The topic of a row, without its producer and consumers (those live in the slots). */
export type FlowTopic = Omit<TopicFlow, 'dhProducer' | 'dhConsumers'>

/**
 * A box of the row. `data` is null for a blank slot: a producer not created yet, or a consumer the
 * administrator added on the row but has not saved (spec: "unsaved items (no id)").
 */
export interface Slot<T> {
  /** The record id, or a local key for a blank slot. */
  key: string
  data: T | null
  /**
   * The diagram box that shows the slot, when it is not `key`: a consumer saved from a blank slot
   * keeps that slot's box, so the box is not drawn anew and focus on its buttons (where the editor
   * gives it back) survives the save (issue 44 item 2).
   */
  box?: string
}
export type ProducerSlot = Slot<ProducerSummary>
export type ConsumerSlot = Slot<ConsumerSummary>

export interface FlowRowModel {
  topic: FlowTopic
  producer: ProducerSlot
  /** Never empty: the last consumer leaves a blank slot behind. */
  consumers: ConsumerSlot[]
}

let localKeys = 0
const localKey = (kind: string): string => `new-${kind}-${++localKeys}`

/** Spec: a producer slot without data shows status 0. */
export const blankProducer = (): ProducerSlot => ({ key: 'producer', data: null })
export const blankConsumer = (): ConsumerSlot => ({ key: localKey('consumer'), data: null })

/** The diagram box of a slot (Slot.box). */
export const boxOf = (slot: Slot<unknown>): string => slot.box ?? slot.key

export const slotStatus = (slot: Slot<{ status: string }>): string => slot.data?.status ?? '0'

export function rowFromTopic({ dhProducer, dhConsumers, ...topic }: TopicFlow): FlowRowModel {
  return {
    topic,
    producer: dhProducer ? { key: 'producer', data: dhProducer } : blankProducer(),
    consumers: dhConsumers.length ? dhConsumers.map((c) => ({ key: c.id, data: c })) : [blankConsumer()],
  }
}

/**
 * A fresh answer for the topic (after a save or a toggle) over a row: the server's producer and
 * consumers, plus the blank consumer slots the administrator added and has not saved yet.
 */
export function mergeTopic(row: FlowRowModel, fresh: TopicFlow): FlowRowModel {
  const next = rowFromTopic(fresh)
  const unsaved = row.consumers.filter((c) => c.data == null)
  const boxes = new Map(row.consumers.flatMap((c) => (c.box ? [[c.key, c.box] as const] : [])))
  const saved = next.consumers.map((c) => (boxes.has(c.key) ? { ...c, box: boxes.get(c.key)! } : c))
  const consumers = fresh.dhConsumers.length ? [...saved, ...unsaved] : unsaved.length ? unsaved : saved
  return { ...next, consumers }
}

export const withTopic = (row: FlowRowModel, topic: Partial<FlowTopic>): FlowRowModel => ({ ...row, topic: { ...row.topic, ...topic } })

/** Spec: after deleting a producer the slot resets to status 0 with no data. */
export const withoutProducer = (row: FlowRowModel): FlowRowModel => ({ ...row, producer: blankProducer() })

export const withProducer = (row: FlowRowModel, producer: ProducerSummary): FlowRowModel => ({ ...row, producer: { key: 'producer', data: producer } })

/** Spec: deleting the last consumer leaves one blank consumer slot. */
export function withoutConsumer(row: FlowRowModel, key: string): FlowRowModel {
  const consumers = row.consumers.filter((c) => c.key !== key)
  return { ...row, consumers: consumers.length ? consumers : [blankConsumer()] }
}

/**
 * A saved consumer takes the place of its slot: the blank slot it was created from (local key), or
 * its own slot when saved again. A consumer the row does not show yet is added at the end.
 */
export function withConsumer(row: FlowRowModel, key: string, consumer: ConsumerSummary): FlowRowModel {
  const at = row.consumers.findIndex((c) => c.key === key || c.key === consumer.id)
  const box = at < 0 ? undefined : boxOf(row.consumers[at]!)
  const slot: ConsumerSlot = { key: consumer.id, data: consumer, ...(box !== undefined && box !== consumer.id ? { box } : {}) }
  const consumers = at < 0 ? [...row.consumers, slot] : row.consumers.map((c, i) => (i === at ? slot : c))
  return { ...row, consumers }
}

export const withBlankConsumer = (row: FlowRowModel): FlowRowModel => ({ ...row, consumers: [...row.consumers, blankConsumer()] })

/** Only the summary fields travel in the row: full records from an editor are cut down to them. */
function pickShape<T>(schema: { shape: Record<string, unknown> }, record: object): T {
  const source = record as Record<string, unknown>
  return Object.fromEntries(Object.keys(schema.shape).filter((k) => k in source).map((k) => [k, source[k]])) as T
}
export const producerSummaryOf = (p: ProducerSummary): ProducerSummary => pickShape(producerSummarySchema, p)
export const consumerSummaryOf = (c: ConsumerSummary): ConsumerSummary => pickShape(consumerSummarySchema, c)
