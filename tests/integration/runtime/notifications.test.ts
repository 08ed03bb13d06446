import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { datasourceCreate } from '../../../src/shared/contract/datahub/dataSources'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { httpConsumer, openFlow, outboxOf, pushOk, settle as settleOutbox, startSink, type Sink } from './support'
import { sqliteSourcesDir } from '../../../src/hub/config'

const targets = await storeTargets()

const NOTIFY_TABLE = `create table dh_task_result_notify (message_id text, topic_code text, consumer_id text, application_name text, status text, attempts integer, error_message text, finished_at text)`

describeEachStore(targets, 'exchange runtime: result notifications of consumers (db table, http)', (target) => {
  let b: Bench
  let sink: Sink
  let worker: DeliveryWorker
  let folder: string
  beforeAll(async () => {
    b = await openBench(target)
    sink = await startSink()
    sink.on('/down', 500)
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} }, { retryUnitMs: 5 })
    // SQLite sources live in the hub's folder for them (HUB_SQLITE_SOURCES_DIR).
    await mkdir(sqliteSourcesDir(b.hub.config), { recursive: true })
    folder = await mkdtemp(join(sqliteSourcesDir(b.hub.config), 'dh-runtime-notify-'))
  })
  afterAll(async () => {
    await worker?.stop()
    await sink?.close()
    await b?.close()
    if (folder) await rm(folder, { recursive: true, force: true })
  })
  const outbox = (messageId: string) => outboxOf(b, messageId)
  const settle = (messageId: string) => settleOutbox(b, worker, messageId)

  it('writes a row into dh_task_result_notify of the data source named and posts the result to the API, per delivery', async () => {
    const file = join(folder, 'notify.sqlite')
    const target = new Database(file)
    target.exec(NOTIFY_TABLE)
    target.close()
    const source = `notify-${randomBytes(4).toString('hex')}`
    await b.ok(datasourceCreate, { name: source, sourceType: '1', applicationCode: 'erp', dbType: 'sqlite', databaseName: file })
    const notifyInfo = JSON.stringify([
      { type: 'db', status: '1', receiver: { datasourceName: source, tableName: 'dh_task_result_notify' } },
      { type: 'http', status: '1', receiver: { url: `${sink.url}/notify`, method: 'POST', headers: [{ key: 'x-from', value: 'hub', description: '', checked: true }] } },
      { type: 'email', status: '0', receiver: '' },
    ])
    const flow = await openFlow(b, {
      consumers: [httpConsumer(`${sink.url}/down`, { applicationName: 'Archive', notifyInfo }), httpConsumer(`${sink.url}/ok`, { applicationName: 'Quiet' })],
    })
    const id = await pushOk(b, flow.topic.code, { n: 1 })
    await settle(id)

    expect((await outbox(id)).map((r) => [r.kind, r.status])).toEqual([
      ['notify_db', 'sent'],
      ['notify_http', 'sent'],
    ])
    const [posted] = sink.at('/notify')
    expect(posted!.headers['x-from']).toBe('hub')
    expect(JSON.parse(posted!.body)).toMatchObject({ messageId: id, topicCode: flow.topic.code, consumerId: flow.consumers[0]!.id, applicationName: 'Archive', status: 'failed', attempts: 1 })
    const check = new Database(file, { readonly: true })
    const rows = check.prepare('select message_id, consumer_id, application_name, status, attempts, error_message from dh_task_result_notify').all() as Record<string, unknown>[]
    check.close()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ message_id: id, consumer_id: flow.consumers[0]!.id, application_name: 'Archive', status: 'failed', attempts: 1 })
    expect(String(rows[0]!.error_message)).toContain('HTTP 500')
  })

  it('a db notification whose data source is missing is kept dead with the reason, not retried', async () => {
    const notifyInfo = JSON.stringify([{ type: 'db', status: '1', receiver: { datasourceName: 'nowhere', tableName: 'dh_task_result_notify' } }])
    const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/ok`, { notifyInfo })] })
    const id = await pushOk(b, flow.topic.code, { n: 2 })
    await settle(id)
    const [row] = await outbox(id)
    expect(row).toMatchObject({ kind: 'notify_db', status: 'failed', attempts: 1 })
    expect(row!.last_error).toContain("'nowhere' does not exist")
  })
})
