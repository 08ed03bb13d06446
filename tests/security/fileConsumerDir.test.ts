import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { consumerFilesDir } from '../../src/hub/config'
import { datahubDb } from '../../src/hub/datahub/tables'
import { createDeliveryWorker, type DeliveryWorker } from '../../src/hub/runtime/queue/worker'
import * as consumer from '../../src/shared/contract/datahub/consumer'
import { fieldKeys, freshCode, openBench, type Bench } from '../integration/datahub/support'
import { drain, openFlow, pushOk } from '../integration/runtime/support'
import { describeEachStore, storeTargets } from '../support/stores'

/**
 * Issue 21, finding #8: a file consumer without a data source (a file location) wrote into any
 * folder its fileDir named — an absolute path, '../x', or '.' (the data directory itself) —
 * as the hub's user, often root. Without a location, fileDir is now a relative folder below
 * <dataDir>/consumer-files: anything else is refused at save (4001 on the field) and, for a
 * consumer saved before, at delivery (dead at once, with the reason).
 */
const targets = await storeTargets()

describeEachStore(targets, 'a file consumer without a file location stays in the hub\'s folder (issue 21 #8)', (target) => {
  let b: Bench
  let worker: DeliveryWorker
  let outside: string

  beforeAll(async () => {
    b = await openBench(target)
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} })
    outside = mkdtempSync(join(tmpdir(), 'dh-outside-'))
  })
  afterAll(async () => {
    await worker?.stop()
    await b?.close()
    rmSync(outside, { recursive: true, force: true })
  })

  const fileModel = (fileDir: string) => ({ fileDir, fileNameRule: '3', fileNamePrefix: 'o_' })
  const nothingIn = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0

  it('refuses an absolute or climbing folder at save, the field named and its message translated', async () => {
    const topic = await b.topic()
    for (const fileDir of [outside, '/etc', '../x', 'a/../../x', '..', 'C:\\Windows', '\\\\server\\share']) {
      const input = { topicCode: topic.code, applicationCode: 'erp', dataConsumeType: 'file', fileRequestInfoModel: fileModel(fileDir) }
      const answer = await b.send(consumer.consumerCreate, input)
      expect(fieldKeys(answer), fileDir).toEqual({ 'fileRequestInfoModel.fileDir': 'msg_consumer_file_dir_outside' })
      const fields = (answer.body.data as { fields: { message: string }[] }).fields
      expect(fields[0]!.message).toBe('未选择文件位置时，目录必须是数据中心消费者文件目录下的相对路径：不能是绝对路径，也不能包含 ".."')
      const english = await b.send(consumer.consumerCreate, input, { locale: 'en' })
      expect((english.body.data as { fields: { message: string }[] }).fields[0]!.message).toBe("Without a file location, the folder must be relative to the hub's folder for consumer files: no absolute path, no '..'")
    }
    expect(nothingIn(outside)).toBe(true)
  })

  it('ends a delivery of a consumer saved before the rule dead, writing nothing there', async () => {
    const db = datahubDb(b.hub.store.db)
    for (const fileDir of [outside, join(outside, '..', 'x'), '../../escape']) {
      // Saved as allowed, then the folder of a record older than the rule put in its place (before the first push reads the flow).
      const flow = await openFlow(b, { consumers: [{ dataConsumeType: 'file', fileRequestInfoModel: fileModel('planted') }] })
      const id = flow.consumers[0]!.id
      const row = await db.selectFrom('consumers').select('models').where('id', '=', id).executeTakeFirstOrThrow()
      const models = JSON.parse(row.models) as Record<string, unknown>
      await db.updateTable('consumers').set({ models: JSON.stringify({ ...models, fileRequestInfoModel: fileModel(fileDir) }) }).where('id', '=', id).execute()
      const [dead] = await drain(b, worker, await pushOk(b, flow.topic.code, { n: 1 }))
      expect(dead, fileDir).toMatchObject({ status: 'dead', attempts: 1 })
      expect(dead!.last_error).toContain(`the file directory '${fileDir}' is outside the hub's folder for consumer files`)
    }
    expect(nothingIn(outside)).toBe(true)
    expect(existsSync(join(b.hub.config.dataDir, '..', 'escape'))).toBe(false)
  })

  it('writes a relative folder, and \'.\', below <dataDir>/consumer-files, never the data directory', async () => {
    const folder = consumerFilesDir(b.hub.config)
    for (const [fileDir, dir] of [['.', folder], ['out/daily', join(folder, 'out', 'daily')]] as const) {
      const code = freshCode()
      const flow = await openFlow(b, { topic: { code }, consumers: [{ dataConsumeType: 'file', fileRequestInfoModel: fileModel(fileDir) }] })
      const [row] = await drain(b, worker, await pushOk(b, flow.topic.code, { dir: fileDir }))
      expect(row, fileDir).toMatchObject({ status: 'delivered' })
      const written = readdirSync(dir).filter((f) => f.endsWith('.json'))
      expect(written.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown)).toContainEqual({ dir: fileDir })
    }
    expect(readdirSync(b.hub.config.dataDir).filter((f) => f.endsWith('.json'))).toEqual([])
  })
})
