import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { inboxOf } from '../../../src/hub/runtime/fetch/excelInbox'
import type { ProducerInput } from '../../../src/shared/contract/datahub/producer'
import { drop, workbook } from '../runtime/fetch/support'
import { httpConsumer } from '../runtime/support'
import { allDelivered, excelRuntimeFor, fire, messagesOfRun, runHistory, scheduledFlow, scheduleFire, START, until } from './support'

/**
 * An excel producer end to end: workbooks dropped in its inbox folder on the hub, read by the
 * real excel fetcher (in the workbook worker threads) when the real scheduler fires it — "run
 * now" and then its schedule's fire — its rows delivered by the real delivery worker to a
 * loopback HTTP receiver. One store (SQLite): the inbox and the fetcher do not depend on it.
 */
const excelModels = [{ sheetName: '订单', modelCodeCellIndex: 'A1', headerRowNum: '2', valueStartRowNum: '3' }]

/** The workbooks in a folder of the inbox, without the time prefix the move gave them. */
const shelved = async (inbox: string, folder: 'done' | 'failed') => (await readdir(join(inbox, folder))).map((f) => f.replace(/^[^_]+_/, '')).sort()

describe('an excel producer with an inbox folder, fired by the scheduler', () => {
  const at = excelRuntimeFor('UTC')

  it('run now reads the waiting workbook and the schedule\'s fire the next ones: rows reach the http consumer, counts show in the run history, workbooks move to done/ and a broken one to failed/ with its reason', async () => {
    const { b, peer, node } = at
    const p = await scheduledFlow(b, { productionMode: 'excel', excelModels } as Partial<ProducerInput>, [httpConsumer(`${peer.url}/excel-in`)])
    const inbox = inboxOf(b.hub.config, p.topicCode)

    await drop(inbox, 'monday.xlsx', workbook(p.topicCode, [[1, 'S-1', 3], [2, 'S-2', ''], [3, 'S-3', 1]]))
    const manual = await fire(b, node, p.id)
    expect(await readdir(inbox)).toEqual(['done'])
    expect(await shelved(inbox, 'done')).toEqual(['monday.xlsx'])

    // Before the fire: a good workbook and a broken one, older than it.
    await drop(inbox, 'broken.xlsx', Buffer.from('not a workbook'), 90)
    await drop(inbox, 'tuesday.xlsx', workbook(p.topicCode, [[4, 'S-4', 2], [5, 'S-5', 7]]), 60)
    const scheduled = await scheduleFire(b, node, p.id)
    expect(scheduled.planned_at).toBe(START.toISOString())

    // The run history, newest fire first: the schedule's fire (an hour ahead) above "run now".
    // Read in Chinese (the bench's default) and in English: the run's error is kept as a key.
    const reason = '2 个工作簿中有 1 个无法读取：broken.xlsx：不是有效的 Excel 文件'
    expect((await runHistory(b, p.id, 'en')).find((r) => r.id === scheduled.id)!.error).toBe('1 of 2 workbooks could not be read: broken.xlsx: This is not a valid Excel file')
    expect((await runHistory(b, p.id)).map((r) => [r.id, r.trigger, r.state, r.rowsRead, r.messagesAccepted, r.messagesRefused, r.error])).toEqual([
      [scheduled.id, 'schedule', 'failed', 2, 2, 0, reason],
      [manual.id, 'manual', 'succeeded', 3, 3, 0, ''],
    ])
    expect(await shelved(inbox, 'done')).toEqual(['monday.xlsx', 'tuesday.xlsx'])
    const failed = await shelved(inbox, 'failed')
    expect(failed).toEqual(['broken.xlsx', 'broken.xlsx.reason.txt'])
    const reasonFile = (await readdir(join(inbox, 'failed'))).find((f) => f.endsWith('.reason.txt'))!
    expect(await readFile(join(inbox, 'failed', reasonFile), 'utf8')).toBe('This is not a valid Excel file\n')
    expect((await readdir(inbox)).sort()).toEqual(['done', 'failed'])

    // Each row reached the consumer once, as a record keyed by the header, with the message of its run.
    await until(() => allDelivered(b.hub.store, p.id), (done) => done)
    const runOf = new Map<string, string>()
    for (const run of [manual, scheduled]) for (const id of await messagesOfRun(b, run.id)) runOf.set(id, run.id)
    const received = peer.at('/excel-in').map((r) => ({ run: runOf.get(String(r.headers['x-datahub-message-id'])), row: JSON.parse(r.body) as Record<string, string> }))
    expect(received.filter((x) => x.run === manual.id).map((x) => x.row).sort((x, y) => Number(x.id) - Number(y.id))).toEqual([
      { id: 1, sku: 'S-1', qty: 3 },
      { id: 2, sku: 'S-2', qty: '' },
      { id: 3, sku: 'S-3', qty: 1 },
    ])
    expect(received.filter((x) => x.run === scheduled.id).map((x) => x.row).sort((x, y) => Number(x.id) - Number(y.id))).toEqual([
      { id: 4, sku: 'S-4', qty: 2 },
      { id: 5, sku: 'S-5', qty: 7 },
    ])
    expect(received).toHaveLength(5)
  })
})
