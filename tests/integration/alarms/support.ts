import { createHmac } from 'node:crypto'
import { alarmDb } from '../../../src/hub/alarms/tables'
import { alarmRuleUpdate, incidentList, type AlarmRuleEntry, type Incident } from '../../../src/shared/contract/alarms/incidents'
import { renderStored } from '../../../src/hub/text/keyedText'
import { expect } from 'vitest'
import type { AlarmRule } from '../../../src/shared/rules/alarms/incidents'
import type { Bench } from '../datahub/support'
import type { Received } from '../runtime/support'

/** Our webhook's signature, as documented in src/hub/alarms/send/sign.ts: t=<s>,v1=hex HMAC-SHA256 of "t.body". */
export const signedBy = (r: Received, secret: string): boolean => {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(r.headers['x-datahub-signature'] ?? ''))
  return m !== null && createHmac('sha256', secret).update(`${m[1]}.${r.body}`).digest('hex') === m[2]
}

/** An alarm configuration (spec part 1 §3) with the given receivers on. */
export const alarmOf = (receivers: { email?: string; mobile?: string; dingding?: string; http?: string }): string =>
  JSON.stringify({
    objData: (['email', 'mobile', 'dingding', 'http'] as const).map((type) => ({ type, status: receivers[type] ? '1' : '0', value: { email: '1', mobile: '2', dingding: '3', http: '5' }[type], receiver: receivers[type] ?? '' })),
  })

/** Sets a rule through the alert centre, as an operator does. */
export const setRule = (b: Bench, rule: AlarmRule, settings: { threshold: number; periodSeconds?: number; receivers?: string; enabled?: '0' | '1' }): Promise<AlarmRuleEntry> =>
  b.ok<AlarmRuleEntry>(alarmRuleUpdate, { rule, enabled: settings.enabled ?? '1', threshold: settings.threshold, reminderMinutes: 60, periodSeconds: settings.periodSeconds, receivers: settings.receivers })

/** The object's incidents, their last error as an English reader gets it (stored as a key, src/hub/text/keyedText.ts). */
export const incidentsOf = async (b: Bench, objectId: string) =>
  (await alarmDb(b.hub.store.db).selectFrom('dh_incidents').selectAll().where('object_id', '=', objectId).orderBy('opened_at').execute()).map((r) => ({ ...r, last_error: renderStored('en', r.last_error) }))

/** The object's incidents as the alert centre lists them to a reader of `locale`. */
export async function centreIncidents(b: Bench, objectId: string, locale: string): Promise<Incident[]> {
  const answer = await b.send<{ content: Incident[] }>(incidentList, { objectId, pageSize: 100 }, { locale })
  expect(answer.body.code, answer.body.message).toBe('2000')
  return answer.body.data!.content
}
export const noticesOf = (b: Bench, objectId: string) =>
  alarmDb(b.hub.store.db).selectFrom('dh_callbacks').selectAll().where('object_id', '=', objectId).where('incident_id', 'is not', null).orderBy('created_at').execute()

/** Waits until `done` holds, doing `step` (a worker's or a watch's pass) between looks. */
export async function until(done: () => Promise<boolean> | boolean, what: string, step: () => Promise<unknown> = async () => {}): Promise<void> {
  const end = Date.now() + 20_000
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await step()
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** The notices the http receiver got, as kind and rule. */
export const hookCalls = (calls: readonly Received[]) =>
  calls.map((r) => {
    const body = JSON.parse(r.body) as { kind: string; rule: string; objectId: string }
    return { kind: body.kind, rule: body.rule, objectId: body.objectId }
  })

