import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { messageDeliveries, type DeliveryEntry } from '../../../src/shared/contract/datahub/runtime'
import { datasourceCreate } from '../../../src/shared/contract/datahub/dataSources'
import { sqliteSourcesDir } from '../../../src/hub/config'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { drain, httpConsumer, openFlow, pushOk } from './support'

const targets = await storeTargets()

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as { port: number }
  await new Promise<void>((done) => server.close(() => done()))
  return port
}

/** Han characters: a zh-CN reader's sentence has them; an English-only one does not. */
const HAN = /\p{Script=Han}/u

describeEachStore(targets, 'exchange runtime: a delivery error is told in the reader\'s language, the peer\'s words as they came', (target) => {
  let b: Bench
  let worker: DeliveryWorker
  let folder: string
  beforeAll(async () => {
    b = await openBench(target)
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} })
    await mkdir(sqliteSourcesDir(b.hub.config), { recursive: true })
    folder = await mkdtemp(join(sqliteSourcesDir(b.hub.config), 'dh-error-language-'))
  })
  afterAll(async () => {
    await worker?.stop()
    await b?.close()
    if (folder) await rm(folder, { recursive: true, force: true })
  })

  /** The message log's last error of the message's one delivery, as a reader of `locale` gets it. */
  async function lastError(messageId: string, locale: string): Promise<string> {
    const answer = await b.send<{ deliveries: DeliveryEntry[] }>(messageDeliveries, { id: messageId }, { locale })
    expect(answer.body.code).toBe('2000')
    return answer.body.data!.deliveries[0]!.lastError
  }

  it('an http consumer whose port refuses: Chinese for zh-CN, English for en, the system\'s code unchanged', async () => {
    const port = await closedPort()
    const flow = await openFlow(b, { consumers: [httpConsumer(`http://127.0.0.1:${port}/orders`)] })
    const id = await pushOk(b, flow.topic.code, { n: 1 })
    expect((await drain(b, worker, id))[0]).toMatchObject({ status: 'dead' })
    const zh = await lastError(id, 'zh-CN')
    const en = await lastError(id, 'en')
    expect(zh).toBe(`无法连接 http://127.0.0.1:${port}：ECONNREFUSED`)
    expect(en).toBe(`cannot reach http://127.0.0.1:${port}: ECONNREFUSED`)
  })

  it('a dblink consumer on a missing table: the database\'s own text quoted inside a translated sentence', async () => {
    const file = join(folder, 'empty.sqlite')
    new Database(file).close()
    const name = `db-${Date.now().toString(36)}`
    await b.ok(datasourceCreate, { name, sourceType: '1', applicationCode: 'erp', dbType: 'sqlite', databaseName: file })
    const mappings = JSON.stringify([{ sourceFieldName: 'id', targetFieldName: 'order_id' }])
    const flow = await openFlow(b, {
      consumers: [{ dataConsumeType: 'dblink', datasourceName: name, dbLinkRequestInfoModel: { targetTableName: 'missing_orders', fieldMappings: mappings, isUpdateRecord: '0', compareField: '' } }],
    })
    const id = await pushOk(b, flow.topic.code, { id: 1 })
    expect((await drain(b, worker, id))[0]).toMatchObject({ status: 'dead' })
    const zh = await lastError(id, 'zh-CN')
    const en = await lastError(id, 'en')
    expect(zh).toMatch(HAN)
    expect(zh).toContain(`写入“${name}”的表 missing_orders 失败：`)
    expect(en).toContain(`writing into missing_orders of '${name}' failed: `)
    expect(en).not.toMatch(HAN)
    // What SQLite said is the same text in both.
    const said = en.slice(en.indexOf('failed: ') + 'failed: '.length)
    expect(said).toContain('no such table: missing_orders')
    expect(zh.endsWith(said)).toBe(true)
  })
})
