import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { inboxOf } from '../../../src/hub/runtime/fetch/excelInbox'
import type { ProducerInput } from '../../../src/shared/contract/datahub/producer'
import { drop } from '../runtime/fetch/support'
import { httpConsumer } from '../runtime/support'
import { allDelivered, excelRuntimeFor, fire, runHistory, scheduledFlow, until } from './support'

/**
 * Dates from workbooks LibreOffice wrote (tests/fixtures/workbooks), end to end: the same orders
 * as .xlsx and .xls, in the 1900 and the 1904 date system, dropped in an excel producer's inbox,
 * read by the real fetcher when the real scheduler runs it, delivered to a loopback HTTP peer.
 * The hub runs in Asia/Shanghai: date-times carry that zone's offset.
 */
const FIXTURES = join(__dirname, '../../fixtures/workbooks')
const TOPIC = 'excel.orders'
// The sheet is "Orders" in the workbooks: Excel finds sheets in any letter case.
const excelModels = [{ sheetName: 'orders', modelCodeCellIndex: 'A1', headerRowNum: '2', valueStartRowNum: '3' }]

describe('an excel producer reading workbooks LibreOffice wrote', () => {
  const at = excelRuntimeFor('Asia/Shanghai')

  it('delivers date cells as ISO 8601 text — dates, times of day, date-times in the hub’s zone — the same from .xlsx and .xls, 1900 and 1904 systems', async () => {
    const { b, peer, node } = at
    const p = await scheduledFlow(b, { productionMode: 'excel', excelModels } as Partial<ProducerInput>, [httpConsumer(`${peer.url}/orders-in`)], { code: TOPIC })
    const inbox = inboxOf(b.hub.config, TOPIC)
    const names = ['orders.xlsx', 'orders.xls', 'orders-1904.xlsx', 'orders-1904.xls']
    for (const [i, name] of names.entries()) await drop(inbox, name, await readFile(join(FIXTURES, name)), 90 - i * 10)

    const run = await fire(b, node, p.id)
    expect((await runHistory(b, p.id)).map((r) => [r.id, r.state, r.rowsRead, r.messagesAccepted, r.error])).toEqual([[run.id, 'succeeded', 12, 12, '']])

    await until(() => allDelivered(b.hub.store, p.id), (done) => done)
    // What the peer received, as text: every workbook gives the same three messages.
    const bodies = peer.at('/orders-in').map((r) => r.body)
    const rows = [
      { id: 1, customer: '张三', orderDate: '2026-11-30', placedAt: '2026-11-30T12:30:00+08:00', pickupTime: '08:15:30', dueDate: '2027-01-15', amount: 1234.5, paid: 1 },
      { id: 2, customer: 'Li Si', orderDate: '2026-12-01', placedAt: '2026-12-01T23:59:59.250+08:00', pickupTime: '00:00:00', dueDate: '1900-03-01', amount: 0.1, paid: 0 },
      { id: 3, customer: '', orderDate: '2024-02-29', placedAt: '2026-06-30T00:00:00+08:00', pickupTime: '17:45:00', dueDate: '', amount: -42, paid: '' },
    ].map((row) => JSON.stringify(row))
    expect(bodies.sort()).toEqual(names.flatMap(() => rows).sort())
  })
})
