import type { MqListenerState } from '../../runtime/listen/mqListener'
import type { RuleSettings } from '../rules'
import type { AlarmDb } from '../tables'
import { settle, type Failing } from './conditions'
import { encodeText, keyed } from '../../text/keyedText'

/**
 * mq_broker_lost, from this node's listeners (every node listens to every mq producer): a
 * producer whose listener has been lost for the threshold raises; one listening again, or no
 * longer listened to (stopped, removed), clears. A listener still connecting or lost for less
 * than the threshold is not decided yet. With several nodes each judges its own listeners: a
 * broker lost to one node only alarms from that node, and clears once that node listens again.
 */
export async function checkBrokers(db: AlarmDb, settings: RuleSettings, states: ReadonlyMap<string, MqListenerState>, now: number): Promise<void> {
  if (!settings.enabled) return
  const failing: Failing[] = []
  for (const [id, state] of states) {
    if (state.kind !== 'lost' || now - state.since < settings.threshold * 1000) continue
    failing.push({ type: 'producer', id, detail: encodeText(keyed('msg_exchange_alarm_broker_lost', { seconds: Math.floor((now - state.since) / 1000), reason: state.reason })) })
  }
  await settle(db, settings, failing, (incident) => {
    const state = states.get(incident.object_id)
    return !state || state.kind === 'listening' || state.kind === 'stopped'
  }, now)
}
