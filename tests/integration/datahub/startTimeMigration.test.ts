import { Migrator, type Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { producerCreate, producerGet, type Producer } from '../../../src/shared/contract/datahub/producer'
import { topicCreate, type TopicDetail } from '../../../src/shared/contract/datahub/topic'
import { connect } from '../../../src/hub/store/connect'
import { migrationProvider } from '../../../src/hub/store/migrations'
import { call, openTestHub, signIn, type TestHub } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'
import { freshCode } from './support'

const targets = await storeTargets()

/**
 * Migration 0026 (issue 32 item 11): a schedule start saved before in the datetime-local form
 * without seconds reads back in the one stored form, `yyyy-MM-ddTHH:mm:ss`, once a new hub opens
 * the store; an empty start stays empty.
 */
describeEachStore(targets, 'stored schedule starts in one form after migration 0026', (target) => {
  let location: StoreLocation
  let hub: TestHub
  let admin: string
  const ids: string[] = []
  beforeAll(async () => {
    location = await target.create()
    const first = await openTestHub(location)
    const token = await signIn(first.app)
    for (const pollingStartTime of ['2026-12-01 10:00:00', '']) {
      const topic = (await call(first.app, topicCreate, { code: freshCode(), name: 'Orders topic', dataFormat: 'json' }, { token })).body.data as TopicDetail
      const made = await call(first.app, producerCreate, { topicCode: topic.code, appCode: 'crm', productionMode: 'http', requestStrategy: '2', pollingInterval: '5', intervalUnit: '1', pollingStartTime }, { token })
      expect(made.body.code, made.body.message).toBe('2000')
      ids.push((made.body.data as Producer).id)
    }
    await first.close()
    // An older hub's store: every step before 0026, the start as that hub's console saved it.
    const { db } = connect(location)
    const back = await new Migrator({ db: db as Kysely<unknown>, provider: migrationProvider }).migrateTo('0025_account_trust')
    expect(back.error).toBeUndefined()
    const producers = db as unknown as Kysely<{ producers: { id: string; polling_start_time: string } }>
    await producers.updateTable('producers').set({ polling_start_time: '2026-12-01T10:00' }).where('id', '=', ids[0]!).execute()
    await db.destroy()
    hub = await openTestHub(location)
    admin = await signIn(hub.app)
  })
  afterAll(async () => {
    await hub?.close()
    await location?.cleanup()
  })

  it('reads back yyyy-MM-ddTHH:mm:ss, and an empty start as empty', async () => {
    const starts = []
    for (const id of ids) starts.push(((await call(hub.app, producerGet, { id }, { token: admin })).body.data as Producer).pollingStartTime)
    expect(starts).toEqual(['2026-12-01T10:00:00', ''])
  })
})
