import { dataSourceByName } from '../../datahub/dataSources/records'
import { sourceSpec } from '../../datahub/dataSources/specs'
import { dataSourceDb } from '../../datahub/dataSources/tables'
import { producerFromRow } from '../../datahub/rows'
import { datahubDb } from '../../datahub/tables'
import type { HubContext } from '../../http/context'
import type { Producer } from '../../../shared/contract/datahub/producer'
import { MqListener, type Accepted, type BrokerMessage, type MqListenerState } from './mqListener'

/** How often the listeners are compared with the stored producers (enabled, edited, removed). */
export const MQ_RECONCILE_MS = 2_000

type Hub = Pick<HubContext, 'store' | 'config' | 'log'>

export interface MqListeners {
  start(): void
  /** Compares now (tests, and after a producer is saved). */
  reconcile(): Promise<void>
  /** The state of each listening producer's connection, by producer id. */
  states(): ReadonlyMap<string, MqListenerState>
  stop(): Promise<void>
}

interface Running {
  /** Producer and data source versions: an edit of either makes a fresh listener. */
  key: string
  listener: MqListener
}

/**
 * The hub's mq producers: each enabled one, on an enabled topic, keeps a consumer on its
 * RabbitMQ queue (mqListener.ts). Disabling the producer or its topic stops it (unacknowledged
 * messages return to the queue, so nothing is lost while it is paused); an edit restarts it.
 * `acceptFor` turns a message of that producer into a stored message (the accept path).
 */
export function createMqListeners(hub: Hub, acceptFor: (producer: Producer) => (message: BrokerMessage) => Promise<Accepted>): MqListeners {
  const running = new Map<string, Running>()
  const states = new Map<string, MqListenerState>()
  let timer: NodeJS.Timeout | null = null
  let stopped = false
  let reconciling: Promise<void> | null = null

  async function wanted(): Promise<Map<string, { key: string; start: () => MqListener | null }>> {
    const db = datahubDb(hub.store.db)
    const rows = await db
      .selectFrom('producers')
      .innerJoin('topics', 'topics.id', 'producers.topic_id')
      .selectAll('producers')
      .select('topics.name as topic_name')
      .where('producers.production_mode', '=', 'mq')
      .where('producers.status', '!=', '0')
      .where('topics.status', '=', '1')
      .where('topics.is_delete', '=', '0')
      .execute()
    const found = new Map<string, { key: string; start: () => MqListener | null }>()
    for (const row of rows) {
      const producer = producerFromRow(row, row.topic_name)
      const model = producer.mqRequestInfoModel
      const name = (model?.dataSourceName || producer.dataSourceName || '').trim()
      const source = name ? await dataSourceByName(dataSourceDb(hub.store.db), name) : undefined
      const key = `${row.id}:${row.version}:${source?.id ?? ''}:${source?.version ?? ''}`
      found.set(row.id, {
        key,
        start: () => {
          const queue = model?.queueName?.trim() ?? ''
          const problem = !source ? `the data source '${name}' does not exist` : source.db_type !== 'rabbitmq' ? `the data source '${name}' is not rabbitmq` : !queue ? 'no queue is named' : null
          if (problem || !source) {
            states.set(row.id, { kind: 'lost', reason: problem ?? '', since: Date.now() })
            return null
          }
          const listener = new MqListener({
            spec: sourceSpec(source, hub),
            binding: { queue, exchange: model?.exchangeName?.trim() ?? '', routingKey: model?.routingKey?.trim() ?? '' },
            accept: acceptFor(producer),
            log: hub.log,
            onState: (state) => (state.kind === 'stopped' ? states.delete(row.id) : states.set(row.id, state)),
          })
          listener.start()
          return listener
        },
      })
    }
    return found
  }

  async function compare(): Promise<void> {
    const want = await wanted()
    for (const id of states.keys()) if (!want.has(id) && !running.has(id)) states.delete(id)
    for (const [id, run] of running) {
      if (want.get(id)?.key === run.key) continue
      running.delete(id)
      await run.listener.stop()
    }
    for (const [id, { key, start }] of want) {
      if (stopped || running.has(id)) continue
      const listener = start()
      if (listener) running.set(id, { key, listener })
    }
  }

  const reconcile = (): Promise<void> => {
    reconciling ??= compare().finally(() => (reconciling = null))
    return reconciling
  }

  const tick = () => {
    timer = setTimeout(() => {
      reconcile()
        .catch((err: unknown) => hub.log(`mq producers: ${String(err)}`))
        .finally(() => {
          if (!stopped) tick()
        })
    }, MQ_RECONCILE_MS)
  }

  return {
    start() {
      void reconcile().catch((err: unknown) => hub.log(`mq producers: ${String(err)}`))
      tick()
    },
    reconcile,
    states: () => states,
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await reconciling?.catch(() => {})
      await Promise.all([...running.values()].map((r) => r.listener.stop()))
      running.clear()
    },
  }
}
