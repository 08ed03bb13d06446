import { afterEach, describe, expect, it } from 'vitest'
import { createSqliteLocation, type StoreLocation } from '../../tests/support/stores'
import { testConfig } from '../../tests/support/hub'
import { alarmDb } from './alarms/tables'
import { hubContext } from './app'
import type { HubContext } from './http/context'
import { claimFire, endRun } from './runtime/schedule/runs'
import { runtimeDb } from './runtime/tables'
import { isoNow } from './store/ids'
import { openStore } from './store'

const opened: { hub: HubContext; location: StoreLocation }[] = []

async function openHub(): Promise<HubContext> {
  const location = await createSqliteLocation()
  const store = await openStore({ dataDir: location.dataDir })
  const hub = hubContext({ store, config: testConfig(location), log: () => {} })
  opened.push({ hub, location })
  return hub
}

afterEach(async () => {
  for (const { hub, location } of opened.splice(0)) {
    await hub.store.close()
    await location.cleanup()
  }
})

/** A run of producer `producerId` claimed and ended failed on `hub`, announced on its bus. */
async function failRun(hub: HubContext, producerId: string): Promise<void> {
  const db = runtimeDb(hub.store.db)
  const now = Date.now()
  const run = await claimFire(db, { producerId, topicId: 't', plannedAt: isoNow(now), trigger: 'manual', node: 'n', leaseUntil: isoNow(now + 60_000), purgeAt: isoNow(now + 86_400_000), now })
  expect(await endRun(hub.events, db, run!.id, 'n', { state: 'failed', error: 'source down' }, now)).toBe(true)
}

const alarmEvents = (hub: HubContext) => alarmDb(hub.store.db).selectFrom('dh_alarm_events').select(['signal', 'object_id']).execute()

describe("a hub context's events", () => {
  it('reach the alarms of that hub, and no listener of another hub in the same process', async () => {
    const first = await openHub()
    const second = await openHub()
    const heard: string[] = []
    first.events.on('runEnded', ({ runId }) => void heard.push(`first ${runId}`))
    second.events.on('runEnded', ({ runId }) => void heard.push(`second ${runId}`))

    await failRun(first, 'producer-a')

    expect(heard).toEqual([expect.stringMatching(/^first /)])
    // The alarms are subscribed on each context's own bus, as it is made: the failure is an alarm event of the first hub only.
    expect(await alarmEvents(first)).toEqual([{ signal: 'run_failed', object_id: 'producer-a' }])
    expect(await alarmEvents(second)).toEqual([])
  })

  it('reach the alarms of a hub built second as well as of the first', async () => {
    await openHub()
    const second = await openHub()
    await failRun(second, 'producer-b')
    expect(await alarmEvents(second)).toEqual([{ signal: 'run_failed', object_id: 'producer-b' }])
  })
})
