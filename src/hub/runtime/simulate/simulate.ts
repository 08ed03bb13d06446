import type { Consumer } from '../../../shared/contract/datahub/consumer'
import type { Simulation, SimulateInput, StepNote } from '../../../shared/contract/datahub/simulate'
import { consumerNotFound } from '../../datahub/refusals'
import { consumersOf, loadConsumer } from '../../datahub/records'
import { datahubDb } from '../../datahub/tables'
import type { CallContext } from '../../http/context'
import { flowOf } from '../accept/flowCache'
import { preProcess, pushOwner, readData, routedConsumers, routeRefusal, routesByKey } from '../accept/ingress'
import { routeRowKeys } from '../accept/routing'
import type { Payload } from '../engines/payload'
import * as refuse from '../refusals'
import { runtimeSettings } from '../settings'
import { consumerSteps } from './consumerSteps'
import { matchesNothing } from './matched'
import { failed, ran, skipped, type StepOutcome } from './steps'

type Input = Omit<SimulateInput, 'readTargetColumns'> & { readTargetColumns: boolean }

/**
 * A sample through the topic's flow, stage by stage, each by the runtime's own function: the
 * data against the format and schema (readData), the producer's pre-processing (preProcess),
 * each route row (routeRowKeys) and the consumers the keys reach (routedConsumers), then each
 * consumer's post-processing and what its type would send or write (consumerSteps). Nothing is
 * stored, queued, sent or written, and the flow is read as a push reads it (flowOf). A stage that
 * fails stops the ones that need its output, which are answered as skipped.
 */
export async function simulateMessage(call: CallContext, input: Input): Promise<Simulation> {
  const flow = await flowOf(call.hub.store, input.topicCode)
  if (!flow) throw refuse.topicUnknown({ topicCode: input.topicCode })
  const { topic, producer } = flow
  const settings = runtimeSettings(call.hub.config)
  const owner = pushOwner(topic)
  const db = datahubDb(call.hub.store.db)

  // Every consumer, disabled ones too, so the routing step can say which it does not reach and why.
  const consumers: Consumer[] = await consumersOf(db, flow.topicRow)
  let only: Consumer | undefined
  if (input.consumerId) {
    only = consumers.find((c) => c.id === input.consumerId) ?? (await loadConsumer(db, input.consumerId))
    if (!only || only.topicCode !== topic.code) throw consumerNotFound()
  }

  const admissionNotes: StepNote[] = []
  if (topic.status !== '1') admissionNotes.push('topicDisabled')
  if (!producer) admissionNotes.push('noProducer')
  else if (producer.status === '0') admissionNotes.push('producerDisabled')
  const admission = ran(admissionNotes)

  let checked: Payload | null = null
  let check: StepOutcome
  try {
    checked = await readData(topic, input.sample, settings.script, owner)
    check = ran()
  } catch (err) {
    check = failed(err, call.locale)
  }

  const processor = {
    enabled: producer?.preProcessorEnabled === '1',
    type: producer?.preProcessorType ?? '',
    expression: producer?.preProcessorExpression ?? '',
  }
  let payload: Payload | null = null
  let pre: StepOutcome
  if (!checked) pre = skipped()
  else if (!producer) {
    payload = checked
    pre = skipped(['noProducer'])
  } else {
    try {
      payload = await preProcess(topic, producer, checked, settings, owner)
      const notes: StepNote[] = []
      if (!processor.enabled || processor.expression.trim() === '') notes.push('noProcessor')
      else if (await matchesNothing(processor.type, processor.expression, checked, settings.script, owner)) notes.push('matchedNothing')
      pre = ran(notes)
    } catch (err) {
      pre = failed(err, call.locale)
    }
  }

  const routing = await routeSteps(call, flow.topic, consumers, payload, settings, owner)
  const reached = new Set(routing.consumers.filter((c) => c.reached).map((c) => c.consumerId))
  const tried = only ? [only] : consumers.filter((c) => reached.has(c.id))
  const results = []
  for (const consumer of tried) {
    results.push(
      await consumerSteps(call, settings, {
        consumer,
        // Past a failed routing only the mapping editor's own consumer is still tried.
        payload: routing.status === 'failed' && !only ? null : payload,
        reached: reached.has(consumer.id),
        topicCode: topic.code,
        producer,
        mappingsText: only ? input.fieldMappings : undefined,
        readTargetColumns: input.readTargetColumns,
      }),
    )
  }

  return {
    topicCode: topic.code,
    admission,
    check: { ...check, dataFormat: topic.dataFormat, output: checked },
    preProcess: { ...pre, ...processor, output: pre.status === 'ok' || pre.status === 'warning' ? payload : null },
    routing,
    consumers: results,
  }
}

/** Each route row by itself (routeRowKeys), its keys or its error in place, then the consumers the keys reach. */
async function routeSteps(
  call: CallContext,
  topic: Parameters<typeof routedConsumers>[0],
  consumers: readonly Consumer[],
  payload: Payload | null,
  settings: ReturnType<typeof runtimeSettings>,
  owner: ReturnType<typeof pushOwner>,
): Promise<Simulation['routing']> {
  const byKey = routesByKey(topic)
  const summary = (c: Consumer, reached: boolean) => ({
    consumerId: c.id,
    applicationName: c.applicationName,
    dataConsumeType: c.dataConsumeType,
    routingKey: c.routingKey,
    enabled: c.status === '1',
    reached,
  })
  if (!payload) return { ...skipped(), byKey, rows: [], keys: [], consumers: consumers.map((c) => summary(c, false)) }

  const rows: Simulation['routing']['rows'] = []
  let keys = [topic.code]
  let failure: StepOutcome | null = null
  if (byKey) {
    keys = []
    for (const row of topic.routeTableData) {
      const shown = { syntax: row.syntax, expression: row.expression, routingKey: row.routingKey }
      try {
        const rowKeys = await routeRowKeys(row, payload, settings.script, owner)
        for (const key of rowKeys) if (!keys.includes(key)) keys.push(key)
        const notes: StepNote[] = []
        if ((row.syntax === 'JsonPath' || row.syntax === 'XPath') && payload.format !== (row.syntax === 'JsonPath' ? 'json' : 'xml')) notes.push('otherFormat')
        else if (rowKeys.length === 0 && (await matchesNothing(row.syntax, row.expression, payload, settings.script, owner))) notes.push('matchedNothing')
        rows.push({ ...shown, keys: rowKeys, ...ran(notes) })
      } catch (err) {
        // A push is refused at the first failing row; the others are still shown, each on its own.
        const outcome = failed(routeRefusal(topic, err), call.locale)
        failure ??= outcome
        rows.push({ ...shown, keys: [], ...outcome })
      }
    }
  }
  const routed = new Set(failure ? [] : routedConsumers(topic, consumers, keys).map((c) => c.id))
  const notes: StepNote[] = consumers.some((c) => c.status !== '1') ? ['consumerDisabled'] : []
  if (!failure && consumers.some((c) => c.status === '1' && !routed.has(c.id))) notes.push('notReached')
  // No enabled consumer reached: the push would be accepted and delivered nowhere.
  if (!failure && !consumers.some((c) => c.status === '1' && routed.has(c.id))) notes.push('noConsumerReached')
  return {
    ...(failure ? { ...failure, notes } : ran(notes)),
    byKey,
    rows,
    keys: failure ? [] : keys,
    consumers: consumers.map((c) => summary(c, routed.has(c.id))),
  }
}
