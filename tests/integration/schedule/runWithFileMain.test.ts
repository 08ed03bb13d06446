import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { createConsoleServices, type ConsoleServices } from '../../../src/main/compose'
import { createMemoryStore } from '../../../src/main/services/keyValueStore'
import { createTokenVault } from '../../../src/main/services/tokenVault'
import { noKeychain } from '../../support/noKeychain'
import { loadHubConfig } from '../../../src/hub/config'
import { inboxOf } from '../../../src/hub/runtime/fetch/excelInbox'
import { startHub } from '../../../src/hub/server'
import type { Run } from '../../../src/shared/contract/datahub/schedule'
import type { HubResult } from '../../../src/shared/envelope'
import { until } from './support'

/**
 * "Run with this file" through the main process, as the console's window uses it: the IPC
 * handler opens the open dialog, reads the chosen workbook, and the hub proxy posts it with the
 * session's token to a real hub (SQLite, its own scheduler) listening on loopback. The one
 * stand-in is the native open dialog, which needs the Electron binary.
 */
const ADMIN_PASSWORD = 'RunFile-Test-9!'

describe('run an excel producer with a file through the main process', () => {
  let hub: Awaited<ReturnType<typeof startHub>>
  let hubDir: string
  let dir: string
  let services: ConsoleServices
  /** What the stand-in for Electron's open dialog answers: a path, or null as when the user closes it. */
  const openDialogStandIn = { chosen: null as string | null, shown: 0 }

  beforeAll(async () => {
    hubDir = mkdtempSync(path.join(tmpdir(), 'dh-runfile-hub-'))
    dir = mkdtempSync(path.join(tmpdir(), 'dh-runfile-files-'))
    hub = await startHub(loadHubConfig(['--host', '127.0.0.1', '--port', '0', '--data-dir', hubDir, '--admin-password', ADMIN_PASSWORD, '--timezone', 'UTC'], {}), { log: () => {} })
    services = createConsoleServices({
      store: createMemoryStore(),
      vault: await createTokenVault({ keyring: noKeychain }),
      emit: () => {},
      embeddedHubUrl: async () => hub.url,
      bootstrapPassword: async () => null,
      app: { version: 'test', platform: process.platform },
      mappingDialogs: {
        openExcel: async () => {
          openDialogStandIn.shown++
          return openDialogStandIn.chosen
        },
        saveTemplate: async () => null,
      },
    })
  })
  afterAll(async () => {
    await hub?.close()
    if (hubDir) rmSync(hubDir, { recursive: true, force: true })
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const h = () => services.handlers
  const hubCall = async <T>(endpoint: string, input?: unknown): Promise<T> => {
    const answer = await h()['hub.call']({ endpoint, input })
    if (!answer.ok) throw new Error(`${endpoint}: ${answer.code} ${answer.message}`)
    return answer.data as T
  }
  const file = (name: string, bytes: Uint8Array | string) => {
    const at = path.join(dir, name)
    writeFileSync(at, bytes)
    return at
  }
  const workbook = (code: string, rows: (string | number)[][]) => {
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[code], ['id', 'sku'], ...rows]), 'Sheet1')
    return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
  }
  let producerId = ''
  let topicCode = ''

  it('needs a session: the hub refuses the upload without one', async () => {
    openDialogStandIn.chosen = file('early.xlsx', workbook('x', [[1, 'A']]))
    expect(await h()['producer.runWithFile']({ producerId: 'any' })).toMatchObject({ ok: false, code: '4030' })
  })

  it('uploads the workbook chosen in the dialog and answers the run, which stores its rows', async () => {
    await hubCall('platform.login', { username: 'admin', password: ADMIN_PASSWORD })
    topicCode = `orders.${Date.now().toString(36)}`
    await hubCall('datahub.topic.create', { code: topicCode, name: 'Orders', dataFormat: 'json' })
    const excelModels = [{ sheetName: 'Sheet1', modelCodeCellIndex: 'A1', headerRowNum: '2', valueStartRowNum: '3' }]
    const created = await hubCall<{ id: string }>('datahub.producer.create', { topicCode, appCode: 'crm', productionMode: 'excel', excelModels })
    producerId = created.id
    await hubCall('datahub.producer.disableOrEnable', { id: producerId })

    openDialogStandIn.chosen = null
    const shownBefore = openDialogStandIn.shown
    expect(await h()['producer.runWithFile']({ producerId })).toEqual({ ok: false, code: '5040', message: '' })
    expect(openDialogStandIn.shown).toBe(shownBefore + 1)

    openDialogStandIn.chosen = file('orders.xlsx', workbook(topicCode, [[1, 'S-1'], [2, 'S-2']]))
    const answer: HubResult<Run> = await h()['producer.runWithFile']({ producerId })
    expect(answer).toMatchObject({ ok: true, data: { producerId, topicCode, trigger: 'manual' } })
    const run = (answer as { data: Run }).data
    const runs = await until(
      () => hubCall<{ content: Run[] }>('datahub.producer.runs', { id: producerId }),
      (page) => page.content[0]?.state !== 'running',
    )
    expect(runs.content[0]).toMatchObject({ id: run.id, state: 'succeeded', rowsRead: 2, messagesAccepted: 2 })
    expect((await hubCall<{ totalElements: number }>('datahub.message.list', { runId: run.id })).totalElements).toBe(2)
    expect((await readdir(path.join(inboxOf({ dataDir: hubDir }, topicCode), 'done'))).map((f) => f.replace(/^[^_]+_/, ''))).toEqual(['orders.xlsx'])
  })

  it('refuses a wrong file in the main process, and shows the hub\'s refusals translated', async () => {
    openDialogStandIn.chosen = file('notes.txt', 'a,b')
    expect(await h()['producer.runWithFile']({ producerId })).toEqual({ ok: false, code: '4001', message: '文件格式错误，只能上传 .xls 或 .xlsx 文件' })
    openDialogStandIn.chosen = path.join(dir, 'gone.xlsx')
    expect(await h()['producer.runWithFile']({ producerId })).toEqual({ ok: false, code: '4001', message: '无法读取该文件' })
    openDialogStandIn.chosen = file('fake.xlsx', 'id,sku\n1,A\n')
    expect(await h()['producer.runWithFile']({ producerId })).toMatchObject({ ok: false, code: '4001', message: '不是有效的 Excel 文件' })

    await services.settings.updateConsole({ locale: 'en' })
    try {
      openDialogStandIn.chosen = file('other.xlsx', workbook('another.topic', [[1, 'A']]))
      expect(await h()['producer.runWithFile']({ producerId })).toMatchObject({ ok: false, code: '4001', message: `Cell A1 holds “another.topic”, not the topic code ${topicCode}` })
    } finally {
      await services.settings.updateConsole({ locale: 'zh-CN' })
    }
    // The general upload path cannot name the producer: files for a producer go through this channel.
    expect(await h()['hub.call']({ endpoint: 'datahub.producer.runWithFile', input: { id: producerId } })).toMatchObject({ ok: false, code: '4040' })
    // Payloads are checked before they reach a service.
    await expect(h()['producer.runWithFile']({ producerId: 7 } as never)).rejects.toThrow()
    await expect(h()['producer.runWithFile']({ producerId, path: '/etc/passwd' } as never)).rejects.toThrow()
  })
})
