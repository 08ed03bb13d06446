import type { HubContext } from '../../http/context'
import type { MqListenerState } from '../../runtime/listen/mqListener'
import { reasonOf } from '../../kernel/deliveryError'
import type { Job } from '../../kernel/jobs'
import { isoNow } from '../../store/ids'
import { giveBack, takeLease } from '../lease'
import { ruleSettings, type RuleSettings } from '../rules'
import { alarmDb } from '../tables'
import { checkBrokers } from './brokers'
import { createSourceChecks } from './dataSources'
import { checkLag } from './lag'
import { checkLicence } from './licence'
import { beat, checkNodes, leave } from './nodes'
import { flushRefusals } from './refusals'

/** How often the watch looks (each rule's own threshold and period decide what it finds): alarmWatchJob's interval. */
export const WATCH_EVERY_MS = 5_000
const LEASE = 'watch'

export interface AlarmWatchOptions {
  /** This node's id in dh_hub_nodes: host:port by default. */
  nodeId: string
  /** This node's mq listeners' states (mqListeners.states), when it runs them. */
  mqStates?: () => ReadonlyMap<string, MqListenerState>
}

export interface AlarmWatch {
  /** One pass now (tests call it rather than wait for the timer); resolves when its own work is done (data source checks go on: idle). */
  tick(): Promise<void>
  /** Resolves once the data source checks under way ended. */
  idle(): Promise<void>
  /** Stops; the node's heartbeat row is removed (a planned stop is not a silent node). */
  stop(): Promise<void>
}

/**
 * The alarm rules that are conditions, not events (shared/rules/alarms/incidents.ts), looked at
 * every few seconds beside the delivery worker, never in its way: its failures are logged.
 * This node's own: its heartbeat, its refusal counts (flushed as events), its mq listeners.
 * Store-wide, by one node at a time (the 'watch' lease): consumer lag, the licence, silent
 * nodes, the data sources' periodic checks.
 */
export function createAlarmWatch(hub: Pick<HubContext, 'store' | 'config' | 'log'>, options: AlarmWatchOptions): AlarmWatch {
  const db = alarmDb(hub.store.db)
  const startedAt = isoNow()
  const sources = createSourceChecks(hub)
  const nodes = hub.store.kind === 'postgres'
  let passing: Promise<void> | null = null

  const step = async (what: string, work: () => Promise<void>) => {
    try {
      await work()
    } catch (err) {
      hub.log(`[alarms] ${what} failed: ${reasonOf(err)}`)
    }
  }

  const pass = async (now: number): Promise<void> => {
    if (nodes) await step('the heartbeat', () => beat(db, options.nodeId, startedAt, now))
    await step('flushing refused pushes', () => flushRefusals(hub.store))
    const rules = await ruleSettings(db)
    const rule = (name: string): RuleSettings | undefined => rules.get(name)
    const brokers = rule('mq_broker_lost')
    if (options.mqStates && brokers) await step('the mq broker check', () => checkBrokers(db, brokers, options.mqStates!(), now))
    const lease = await takeLease(db, LEASE, now)
    if (!lease) return
    try {
      const lag = rule('consumer_lag')
      if (lag) await step('the consumer lag check', () => checkLag(db, lag, now))
      const licence = rule('licence_expiring')
      if (licence) await step('the licence check', () => checkLicence(hub.store.db, licence, now))
      const silent = rule('node_silent')
      if (nodes && silent) await step('the node heartbeat check', () => checkNodes(db, silent, options.nodeId, now))
      const checks = rule('datasource_check')
      if (checks) await step('the data source checks', () => sources.startDue(checks, now))
    } finally {
      await giveBack(db, LEASE, lease)
    }
  }

  const tick = (): Promise<void> => {
    passing ??= pass(Date.now())
      .catch((err: unknown) => hub.log(`[alarms] the watch failed: ${reasonOf(err)}`))
      .finally(() => (passing = null))
    return passing
  }

  return {
    tick,
    idle: () => sources.idle(),
    async stop() {
      await passing
      await sources.idle()
      if (nodes) await leave(db, options.nodeId).catch((err: unknown) => hub.log(`[alarms] leaving the nodes failed: ${reasonOf(err)}`))
    },
  }
}

/** The watch as a job of the hub's jobs runner (server.ts): a pass every few seconds; its stop is the watch's. */
export const alarmWatchJob = (watch: AlarmWatch, everyMs = WATCH_EVERY_MS): Job => ({ name: 'alarm watch', everyMs, run: () => watch.tick(), stop: () => watch.stop() })
