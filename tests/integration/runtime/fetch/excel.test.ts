import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { EXCEL_ROWS_PER_BATCH, excelFetcher } from '../../../../src/hub/runtime/fetch/excel'
import { inboxOf } from '../../../../src/hub/runtime/fetch/excelInbox'
import { FetchError } from '../../../../src/hub/runtime/fetch/fetcher'
import type { Producer } from '../../../../src/shared/contract/datahub/producer'
import { createSqliteLocation } from '../../../support/stores'
import { openBench, type Bench } from '../../datahub/support'
import { drop, runFetcher, workbook } from './support'

/** excel producers read the workbooks dropped into their inbox on the hub: real files, parsed in the real workbook workers. */
describe('excel producers read their inbox', () => {
  let b: Bench
  beforeAll(async () => {
    b = await openBench({ name: 'sqlite', missing: null, create: createSqliteLocation })
  })
  afterAll(async () => {
    await b?.close()
  })

  const excelModels = [{ sheetName: '订单', modelCodeCellIndex: 'A1', headerRowNum: '2', valueStartRowNum: '3' }]
  const excelProducer = async (models: object[] = excelModels) => {
    const topic = await b.topic({ dataFormat: 'json' })
    const producer = await b.producer(topic.code, { productionMode: 'excel', excelModels: models } as Partial<Producer>)
    return { producer, topic, inbox: inboxOf(b.hub.config, topic.code) }
  }

  const rowsOf = (n: number, from = 1) => Array.from({ length: n }, (_, i) => [from + i, `S-${from + i}`, i % 7 === 0 ? '' : i % 7])

  it('delivers every row of each waiting workbook, oldest first, moves it to done/, and shelves a broken one with its reason', async () => {
    const { producer, topic, inbox } = await excelProducer()
    await drop(inbox, 'first.xlsx', workbook(topic.code, rowsOf(1200)), 120)
    await drop(inbox, 'broken.xlsx', Buffer.from('not a workbook'), 90)
    await drop(inbox, 'second.xls.xlsx', workbook(topic.code, [[9001, 'Z', 1], [], [9002, '', '']]), 60)
    await drop(inbox, 'copying.xlsx', workbook(topic.code, rowsOf(3)), 0)

    const batches: unknown[][] = []
    const run = runFetcher(b, excelFetcher, { producer, topic }, { onBatch: (batch) => batches.push([...batch.messages]) })
    await expect(run).rejects.toThrow(FetchError)
    await expect(run).rejects.toThrow('1 of 3 workbooks could not be read: broken.xlsx: This is not a valid Excel file')

    expect(batches.map((batch) => batch.length)).toEqual([EXCEL_ROWS_PER_BATCH, EXCEL_ROWS_PER_BATCH, 200, 2])
    const records = batches.flat() as Record<string, unknown>[]
    // Number cells arrive as numbers, text as text.
    expect(records[0]).toEqual({ id: 1, sku: 'S-1', qty: '' })
    expect(records[1]).toEqual({ id: 2, sku: 'S-2', qty: 1 })
    expect(new Set(records.map((r) => r.id)).size).toBe(1202)
    // The empty row is skipped; an empty cell is ''.
    expect(records.slice(-2)).toEqual([{ id: 9001, sku: 'Z', qty: 1 }, { id: 9002, sku: '', qty: '' }])

    // Still being copied in (changed just now): left for the next run.
    expect((await readdir(inbox)).filter((f) => f.endsWith('.xlsx')).sort()).toEqual(['copying.xlsx'])
    expect((await readdir(join(inbox, 'done'))).map((f) => f.replace(/^[^_]+_/, '')).sort()).toEqual(['first.xlsx', 'second.xls.xlsx'])
    const failed = await readdir(join(inbox, 'failed'))
    expect(failed.map((f) => f.replace(/^[^_]+_/, '')).sort()).toEqual(['broken.xlsx', 'broken.xlsx.reason.txt'])
    expect(await readFile(join(inbox, 'failed', failed.find((f) => f.endsWith('.txt'))!), 'utf8')).toBe('This is not a valid Excel file\n')
  })

  it('resumes a workbook after the last committed batch, and starts afresh on one dropped again under the same name', async () => {
    const { producer, topic, inbox } = await excelProducer()
    await drop(inbox, 'orders.xlsx', workbook(topic.code, rowsOf(1200)), 60)
    // A run that stopped after committing its first batch: its checkpoint is what survived.
    const cancel = new AbortController()
    const first = await runFetcher(b, excelFetcher, { producer, topic }, { signal: cancel.signal, onBatch: () => cancel.abort() })
    expect(first.batches).toHaveLength(1)
    expect(first.checkpoint).toMatchObject({ file: 'orders.xlsx', row: EXCEL_ROWS_PER_BATCH })
    expect(await readdir(inbox)).toContain('orders.xlsx')

    const second = await runFetcher(b, excelFetcher, { producer, topic }, { checkpoint: first.checkpoint })
    const ids = second.batches.flatMap((batch) => batch.messages as Record<string, string>[]).map((r) => Number(r.id))
    expect(ids).toEqual(Array.from({ length: 700 }, (_, i) => 501 + i))

    // The same name again, new content: the old checkpoint does not apply to it.
    await drop(inbox, 'orders.xlsx', workbook(topic.code, rowsOf(3, 5000)), 30)
    const third = await runFetcher(b, excelFetcher, { producer, topic }, { checkpoint: second.checkpoint })
    expect(third.batches.flatMap((batch) => batch.messages as Record<string, number>[]).map((r) => r.id)).toEqual([5000, 5001, 5002])
  })

  it('refuses, workbook by workbook, another topic\'s code in the model-code cell, a missing sheet and a repeated header', async () => {
    const { producer, topic, inbox } = await excelProducer()
    await drop(inbox, 'other.xlsx', workbook('another.topic', rowsOf(2)), 90)
    await drop(inbox, 'sheet.xlsx', workbook(topic.code, rowsOf(2), 'Sheet1'), 80)
    const twice = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(twice, XLSX.utils.aoa_to_sheet([[topic.code], ['id', 'id'], [1, 2]]), '订单')
    await drop(inbox, 'twice.xlsx', XLSX.write(twice, { type: 'buffer', bookType: 'xlsx' }) as Buffer, 70)
    const run = runFetcher(b, excelFetcher, { producer, topic })
    await expect(run).rejects.toThrow(
      `3 of 3 workbooks could not be read: other.xlsx: Cell A1 holds “another.topic”, not the topic code ${topic.code}; sheet.xlsx: The workbook has no sheet named 订单; twice.xlsx: The header row names id twice`,
    )
  })

  it('fails the run before reading anything when the sheet settings are incomplete', async () => {
    const { producer, topic, inbox } = await excelProducer([{ sheetName: '订单', modelCodeCellIndex: 'A1', headerRowNum: '3', valueStartRowNum: '2' }])
    await drop(inbox, 'kept.xlsx', workbook(topic.code, rowsOf(2)))
    await expect(runFetcher(b, excelFetcher, { producer, topic })).rejects.toThrow("The excel producer's sheet settings are incomplete: valueStartRowNum > headerRowNum")
    expect(await readdir(inbox)).toEqual(['kept.xlsx'])
  })

  afterAll(async () => {
    await rm(join(b.hub.config.dataDir, 'excel-inbox'), { recursive: true, force: true })
  })
})
