import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { hubContext } from '../../../src/hub/app'
import { inboxOf } from '../../../src/hub/runtime/fetch/excelInbox'
import { createScheduler, type Scheduler } from '../../../src/hub/runtime/schedule/scheduler'
import { MAPPING_EXCEL } from '../../../src/shared/contract/datahub/mappingFiles'
import * as producerApi from '../../../src/shared/contract/datahub/producer'
import type { Producer } from '../../../src/shared/contract/datahub/producer'
import { producerRunWithFile } from '../../../src/shared/contract/datahub/runWithFile'
import { messageList } from '../../../src/shared/contract/datahub/runtime'
import type { Run } from '../../../src/shared/contract/datahub/schedule'
import { postFile } from '../../support/hub'
import { createSqliteLocation } from '../../support/stores'
import { openBench, refusal, type Bench } from '../datahub/support'
import { runsOf, until } from './support'

/**
 * "Run with this file" on a real hub (SQLite store, real workbook workers, the real scheduler):
 * the workbook goes through the multipart upload into the producer's inbox and a run started at
 * once turns its rows into messages carrying the run's id.
 */
describe('run an excel producer with an uploaded workbook', () => {
  let b: Bench
  let node: Scheduler | null = null
  beforeAll(async () => {
    b = await openBench({ name: 'sqlite', missing: null, create: createSqliteLocation }, { timeZone: 'UTC' })
  })
  afterAll(async () => {
    await node?.stop()
    await rm(join(b.hub.config.dataDir, 'excel-inbox'), { recursive: true, force: true })
    await b?.close()
  })

  const excelModels = [{ sheetName: '订单', modelCodeCellIndex: 'A1', headerRowNum: '2', valueStartRowNum: '3' }]
  /** A json topic and its excel producer, enabled. */
  const excelProducer = async () => {
    const topic = await b.topic({ dataFormat: 'json' })
    const created = await b.producer(topic.code, { productionMode: 'excel', excelModels } as Partial<Producer>)
    const producer = await b.ok<Producer>(producerApi.producerDisableOrEnable, { id: created.id })
    return { producer, topic, inbox: inboxOf(b.hub.config, topic.code) }
  }
  /** A workbook laid out as an excel consumer writes one: the code cell, the header row, the rows. */
  const workbook = (code: string, rows: (string | number)[][]) => {
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[code], ['id', 'sku'], ...rows]), '订单')
    return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
  }
  const send = (producerId: string, name: string, bytes: Uint8Array, locale?: string) =>
    postFile<Run>(b.hub.app, producerRunWithFile, { name, bytes }, { token: b.admin, query: { id: producerId }, ...(locale ? { locale } : {}) })
  const files = async (folder: string) => (await readdir(folder, { withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).map((e) => e.name).sort()
  const shelved = async (folder: string) => (await files(folder)).map((f) => f.replace(/^[^_]+_/, ''))

  it('is refused on a hub node that runs no producers, leaving nothing in the inbox', async () => {
    const { producer, topic, inbox } = await excelProducer()
    const answer = await send(producer.id, 'orders.xlsx', workbook(topic.code, [[1, 'A']]), 'en')
    expect(refusal(answer)).toEqual({ code: '4090', message: 'This hub node runs no producers (HUB_WORKER=off): send the workbook to a node that does' })
    expect(await files(inbox)).toEqual([])
    expect(await runsOf(b.hub.store, producer.id)).toEqual([])
  })

  it('drops the workbook into the inbox and runs: its rows become messages of that run, and it moves to done/', async () => {
    node = createScheduler(hubContext({ store: b.hub.store, config: b.hub.config, log: (line) => b.hub.logs.push(line) }))
    node.start()
    const { producer, topic, inbox } = await excelProducer()
    // A workbook of the same name still being copied in by hand: it is neither replaced nor read.
    await mkdir(inbox, { recursive: true })
    await writeFile(join(inbox, 'orders.xlsx'), 'copying…')
    // Changed "just now" however long the upload takes on a busy machine: dated ahead of the settle time.
    const copying = new Date(Date.now() + 10 * 60_000)
    await utimes(join(inbox, 'orders.xlsx'), copying, copying)

    const answer = await send(producer.id, 'orders.xlsx', workbook(topic.code, [[1, 'S-1'], [2, 'S-2'], [3, 'S-3']]))
    expect(answer.body.code, answer.body.message).toBe('2000')
    const run = answer.body.data!
    expect(run).toMatchObject({ producerId: producer.id, topicCode: topic.code, trigger: 'manual', node: node.node })

    const [ended] = await until(() => runsOf(b.hub.store, producer.id), (rows) => rows[0]?.state !== 'running')
    expect(ended).toMatchObject({ id: run.id, state: 'succeeded', rows_read: 3, messages_accepted: 3, messages_refused: 0 })
    const log = await b.ok<{ totalElements: number; content: { runId: string | null }[] }>(messageList, { runId: run.id })
    expect(log.totalElements).toBe(3)
    expect(log.content.every((m) => m.runId === run.id)).toBe(true)
    expect((await b.ok<{ totalElements: number }>(messageList, { runId: run.id, content: 'S-2' })).totalElements).toBe(1)

    // The upload took the next free name, was read whole and shelved; the hand-copied file waits untouched.
    expect(await shelved(join(inbox, 'done'))).toEqual(['orders (2).xlsx'])
    expect(await files(inbox)).toEqual(['orders.xlsx'])
    expect(await readFile(join(inbox, 'orders.xlsx'), 'utf8')).toBe('copying…')
  })

  it('refuses what is not a workbook of this producer, with the reason, and starts no run', async () => {
    const { producer, topic, inbox } = await excelProducer()
    const good = workbook(topic.code, [[1, 'A']])
    expect(refusal(await send(producer.id, 'notes.txt', good))).toEqual({ code: '4001', message: '文件格式错误，只能上传 .xls 或 .xlsx 文件' })
    expect(refusal(await send(producer.id, 'fake.xlsx', new TextEncoder().encode('id,sku\n1,A\n')))).toEqual({ code: '4001', message: '不是有效的 Excel 文件' })
    expect(refusal(await send(producer.id, 'other.xlsx', workbook('another.topic', [[1, 'A']]), 'en'))).toEqual({
      code: '4001',
      message: `Cell A1 holds “another.topic”, not the topic code ${topic.code}`,
    })
    expect(refusal(await send(producer.id, 'big.xlsx', new Uint8Array(MAPPING_EXCEL.maxBytes + 1)))).toEqual({ code: '4130', message: 'Excel 文件不能超过 16 MB' })
    expect(await files(inbox)).toEqual([])
    expect(await runsOf(b.hub.store, producer.id)).toEqual([])
  })

  it('refuses producers that cannot run with a file: another mode, a stopped one', async () => {
    const topic = await b.topic()
    const pushed = await b.producer(topic.code, { productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' } })
    const bytes = workbook(topic.code, [[1, 'A']])
    expect(refusal(await send(pushed.id, 'a.xlsx', bytes))).toEqual({ code: '4090', message: '只有 Excel 生产者可以用工作簿运行' })
    const { producer } = await excelProducer()
    await b.ok(producerApi.producerDisableOrEnable, { id: producer.id })
    expect(refusal(await send(producer.id, 'a.xlsx', bytes, 'en'))).toEqual({ code: '4090', message: 'Job not started: enable the producer and its topic first' })
    expect(refusal(await send('no-such-producer', 'a.xlsx', bytes))).toMatchObject({ code: '4040' })
  })
})
