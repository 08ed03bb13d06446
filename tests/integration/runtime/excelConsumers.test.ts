import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { runtimeDb } from '../../../src/hub/runtime/tables'
import type { ConsumerInput } from '../../../src/shared/contract/datahub/consumer'
import type { DataSource } from '../../../src/shared/contract/datahub/dataSources'
import { messageReplay } from '../../../src/shared/contract/datahub/runtime'
import { sftpMissing, SFTP_PASSWORD, SFTP_USER } from '../../support/sftpServer'
import { openFileLocationBench, type FileLocationBench } from './fileLocationBench'
import { deliveriesOf, drain, openFlow, pushOk, type Flow } from './support'

/**
 * excel consumers' destinations: a sub-folder, a prefix, and a workbook per message or per day
 * (rows appended, deliveries of one day file in turn, a redelivery writing nothing twice, a full
 * workbook rolling over to <name>_2.xlsx), into a folder on the hub and over a real SFTP server
 * (tests/support/sftpServer.ts). One SQLite-store hub whose days are Kiritimati's (UTC+14, no
 * daylight saving), so the file's day is not the machine's; its worker fills a sheet up to row
 * 12 (HUB_RUNTIME excelRowLimit) so that a roll-over takes a few rows.
 */
const missing = sftpMissing()
if (missing && process.env.CI === 'true') throw new Error(`SFTP tests cannot run: ${missing}`)

const ROW_LIMIT = 12
const LEDGER = '_datahub_messages'

describe('excel consumers: a workbook per message or per day, in a folder or over SFTP', () => {
  let at: FileLocationBench
  beforeAll(async () => {
    at = await openFileLocationBench({ config: { timeZone: 'Pacific/Kiritimati' }, settings: { excelRowLimit: ROW_LIMIT } })
  })
  afterAll(() => at?.close())

  const folderSource = () => at.createSource({ sourceType: '3', dbType: 'folder', databaseName: at.folder })
  const sheet = { sheetName: 'Orders', modelCodeCellIndex: 'A1', headerRowNum: '2', valueStartRowNum: '3' }
  const excelFlow = (source: DataSource, destination: object): Promise<Flow> =>
    openFlow(at.b, { consumers: [{ dataConsumeType: 'excel', datasourceName: source.name, excelModels: [{ ...sheet, ...destination }] } as Partial<ConsumerInput>] })

  /** Pushes each message and waits until every delivery ended; answers the message ids in push order. */
  async function deliverAll(flow: Flow, messages: unknown[]): Promise<string[]> {
    const ids = await Promise.all(messages.map((m) => pushOk(at.b, flow.topic.code, m)))
    for (const id of ids) expect((await drain(at.b, at.worker, id, 30_000))[0]).toMatchObject({ status: 'delivered', last_error: '' })
    return ids
  }

  /** Kiritimati's date (UTC+14 all year) of the message's arrival, as yyyyMMdd. */
  async function dayOfMessage(messageId: string): Promise<string> {
    const row = await runtimeDb(at.b.hub.store.db).selectFrom('dh_messages').select('received_at').where('id', '=', messageId).executeTakeFirstOrThrow()
    return new Date(Date.parse(row.received_at) + 14 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '')
  }

  const rowsOf = (book: XLSX.WorkBook, name: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1, defval: '' })
  const ledgerIds = (book: XLSX.WorkBook) => rowsOf(book, LEDGER).slice(1).map((r) => r[0])
  const visibleFiles = async (dir: string) => (await readdir(dir)).filter((f) => !f.startsWith('.')).sort()

  it('per message (the default): one workbook each, in the sub-folder, named prefix + topic + timestamp', async () => {
    const source = await folderSource()
    const flow = await excelFlow(source, { fileDir: 'sales/in', fileNamePrefix: 'erp_' })
    await deliverAll(flow, [{ id: 1 }])
    await deliverAll(flow, [{ id: 2 }])
    const dir = join(at.folder, 'sales', 'in')
    const books = await visibleFiles(dir)
    expect(books).toEqual([expect.stringMatching(new RegExp(`^erp_${flow.topic.code}_\\d{17}(_\\d+)?\\.xlsx$`)), expect.stringMatching(/\.xlsx$/)])
    const contents = await Promise.all(books.map(async (f) => XLSX.read(await readFile(join(dir, f)))))
    expect(contents.map((book) => book.SheetNames)).toEqual([['Orders'], ['Orders']])
    expect(contents.map((book) => rowsOf(book, 'Orders')).sort((x, y) => String(x[2]).localeCompare(String(y[2])))).toEqual([
      [[flow.topic.code], ['id'], [1]],
      [[flow.topic.code], ['id'], [2]],
    ])
  })

  it('per day: the day\'s messages are appended in order to one workbook named by the hub\'s day, new fields to the right', async () => {
    const source = await folderSource()
    const flow = await excelFlow(source, { fileDir: 'daily', fileNamePrefix: 'd_', filePer: 'day' })
    const [first] = await deliverAll(flow, [[{ id: 1, sku: 'A' }, { id: 2, sku: 'B' }]])
    const [second] = await deliverAll(flow, [{ id: 3, qty: 7 }])
    const [third] = await deliverAll(flow, [{ sku: 'D', id: 4 }])
    const dir = join(at.folder, 'daily')
    expect(await visibleFiles(dir)).toEqual([`d_${flow.topic.code}_${await dayOfMessage(first!)}.xlsx`])
    const book = XLSX.read(await readFile(join(dir, (await visibleFiles(dir))[0]!)))
    expect(rowsOf(book, 'Orders')).toEqual([
      [flow.topic.code, '', ''],
      ['id', 'sku', 'qty'],
      [1, 'A', ''],
      [2, 'B', ''],
      [3, '', 7],
      [4, 'D', ''],
    ])
    // The ledger of the messages written is there, hidden from whoever opens the workbook.
    expect(book.SheetNames).toEqual(['Orders', LEDGER])
    expect(book.Workbook?.Sheets?.[1]).toMatchObject({ name: LEDGER, Hidden: 1 })
    expect(ledgerIds(book)).toEqual([first, second, third])
    // Nothing is left behind but the workbook (no temporary files).
    expect(await readdir(dir)).toHaveLength(1)
  })

  it('per day: deliveries at once take turns, so no message\'s rows are lost', async () => {
    const source = await folderSource()
    const flow = await excelFlow(source, { fileDir: 'together', filePer: 'day' })
    // Four in flight at a time (the worker's perConsumer): each reads and rewrites the workbook.
    const ids = await deliverAll(flow, Array.from({ length: 9 }, (_, i) => ({ n: i + 1 })))
    const dir = join(at.folder, 'together')
    const files = await visibleFiles(dir)
    expect(files).toEqual([`${flow.topic.code}_${await dayOfMessage(ids[0]!)}.xlsx`])
    const book = XLSX.read(await readFile(join(dir, files[0]!)))
    const values = rowsOf(book, 'Orders').slice(2).map((r) => r[0])
    expect([...values].sort((x, y) => Number(x) - Number(y))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect([...ledgerIds(book)].sort()).toEqual([...ids].sort())
  })

  it('per day: a message taken again (its hub died after writing, or an operator replays it) writes no row twice', async () => {
    const source = await folderSource()
    const flow = await excelFlow(source, { fileDir: 'again', filePer: 'day' })
    const [id] = await deliverAll(flow, [[{ id: 1 }, { id: 2 }]])
    const [delivery] = await deliveriesOf(at.b, id!)
    // What a hub killed after the write leaves: the delivery held under a lease that has ended.
    await runtimeDb(at.b.hub.store.db).updateTable('dh_deliveries').set({ status: 'delivering', lease_until: '2000-01-01T00:00:00.000Z', finished_at: null }).where('id', '=', delivery!.id).execute()
    expect((await drain(at.b, at.worker, id!))[0]).toMatchObject({ status: 'delivered', attempts: 2 })
    await at.b.ok(messageReplay, { messageId: id, consumerId: flow.consumers[0]!.id })
    expect((await drain(at.b, at.worker, id!))[0]).toMatchObject({ status: 'delivered', attempts: 1 })
    await deliverAll(flow, [{ id: 3 }])
    const dir = join(at.folder, 'again')
    const book = XLSX.read(await readFile(join(dir, (await visibleFiles(dir))[0]!)))
    expect(rowsOf(book, 'Orders').slice(2)).toEqual([[1], [2], [3]])
    expect(ledgerIds(book)).toHaveLength(2)
  })

  it('per day: a model code cell on the header row or among the rows is refused, as appended rows go by the header', async () => {
    const source = await folderSource()
    const flow = await openFlow(at.b, {
      consumers: [{ dataConsumeType: 'excel', datasourceName: source.name, excelModels: [{ ...sheet, modelCodeCellIndex: 'B2', fileDir: 'clash', filePer: 'day' }] } as Partial<ConsumerInput>],
    })
    const id = await pushOk(at.b, flow.topic.code, { id: 1 })
    expect((await drain(at.b, at.worker, id))[0]).toMatchObject({ status: 'dead', last_error: 'the model code cell B2 must be above the header row or between it and the value start row' })
  })

  it('per day: a message that does not fit below the row limit starts <name>_2.xlsx; one that fits nowhere ends dead', async () => {
    const source = await folderSource()
    const flow = await excelFlow(source, { fileDir: 'full', filePer: 'day' })
    const four = (from: number) => Array.from({ length: 4 }, (_, i) => ({ n: from + i }))
    // Rows 3–6 and 7–10 fill the first workbook (limit 12); rows for 9–12 do not fit: the next one.
    const ids = []
    for (const from of [1, 5, 9, 13]) ids.push(...(await deliverAll(flow, [four(from)])))
    const dir = join(at.folder, 'full')
    const day = await dayOfMessage(ids[0]!)
    expect(await visibleFiles(dir)).toEqual([`${flow.topic.code}_${day}.xlsx`, `${flow.topic.code}_${day}_2.xlsx`])
    const [one, two] = await Promise.all([`${flow.topic.code}_${day}.xlsx`, `${flow.topic.code}_${day}_2.xlsx`].map(async (f) => XLSX.read(await readFile(join(dir, f)))))
    expect(rowsOf(one!, 'Orders').slice(2).map((r) => r[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(rowsOf(two!, 'Orders')).toEqual([[flow.topic.code], ['n'], [9], [10], [11], [12], [13], [14], [15], [16]])
    // A message taken again after the roll-over is found in the first workbook.
    await at.b.ok(messageReplay, { messageId: ids[0], consumerId: flow.consumers[0]!.id })
    expect((await drain(at.b, at.worker, ids[0]!))[0]).toMatchObject({ status: 'delivered' })
    expect(rowsOf(XLSX.read(await readFile(join(dir, `${flow.topic.code}_${day}_2.xlsx`))), 'Orders')).toHaveLength(10)
    const tooLong = await pushOk(at.b, flow.topic.code, Array.from({ length: 11 }, (_, i) => ({ n: i })))
    expect((await drain(at.b, at.worker, tooLong))[0]).toMatchObject({ status: 'dead', last_error: '11 records do not fit in one sheet (rows 3 to 12)' })
    expect(await visibleFiles(dir)).toHaveLength(2)
  })

  describe.skipIf(missing !== null)('SFTP', () => {
    it('per day over SFTP: deliveries at once append every row, renaming over the workbook, leaving no temporary file', async () => {
      const source = await at.createSource({ sourceType: '3', dbType: 'sftp', host: at.sftp!.host, port: String(at.sftp!.port), username: SFTP_USER, password: SFTP_PASSWORD, databaseName: '/upload', timeout: 5 })
      const flow = await excelFlow(source, { fileDir: 'excel/daily', fileNamePrefix: 'x_', filePer: 'day' })
      const ids = await deliverAll(flow, Array.from({ length: 6 }, (_, i) => ({ n: i + 1 })))
      const [last] = await deliverAll(flow, [{ n: 7, note: 'last' }])
      const dir = join(at.sftp!.upload, 'excel', 'daily')
      const name = `x_${flow.topic.code}_${await dayOfMessage(ids[0]!)}.xlsx`
      expect(await readdir(dir)).toEqual([name])
      const book = XLSX.read(await readFile(join(dir, name)))
      const rows = rowsOf(book, 'Orders')
      expect(rows[1]).toEqual(['n', 'note'])
      expect(rows.slice(2, 8).map((r) => r[0]).sort()).toEqual([1, 2, 3, 4, 5, 6])
      expect(rows[8]).toEqual([7, 'last'])
      expect(ledgerIds(book)).toHaveLength(7)
      expect(ledgerIds(book).at(-1)).toBe(last)
    })
  })
})
