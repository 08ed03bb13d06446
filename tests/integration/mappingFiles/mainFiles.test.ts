import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { createConsoleServices, type ConsoleServices } from '../../../src/main/compose'
import { createMemoryStore } from '../../../src/main/services/keyValueStore'
import { createTokenVault } from '../../../src/main/services/tokenVault'
import { noKeychain } from '../../support/noKeychain'
import { MAPPING_EXCEL } from '../../../src/shared/contract/datahub/mappingFiles'
import { ADMIN_PASSWORD, type TestHub } from '../../support/hub'
import { createSqliteLocation, type StoreLocation } from '../../support/stores'
import { openMappingHub } from './mappingHub'
import { handMadeXlsx, sheetJsWorkbook } from './workbooks'

/**
 * The console's mapping-file channels against a real hub on loopback: the workbook is read and
 * checked in the main process and posted as multipart by the hub proxy with the session's token;
 * the template comes back as a file and is written where the (stand-in) save dialog says.
 */
const pair = (sourceFieldName: string, targetFieldName: string) => ({ sourceFieldName, targetFieldName })

describe('field-mapping files through the main process', () => {
  let location: StoreLocation
  let hub: TestHub
  let dir: string
  let services: ConsoleServices
  const dialogs = { excel: null as string | null, template: null as string | null, suggested: '' }

  beforeAll(async () => {
    location = await createSqliteLocation()
    hub = await openMappingHub(location)
    await hub.app.listen({ host: '127.0.0.1', port: 0 })
    const address = hub.app.server.address()
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    dir = mkdtempSync(path.join(tmpdir(), 'dh-mapping-main-'))
    services = createConsoleServices({
      store: createMemoryStore(),
      vault: await createTokenVault({ keyring: noKeychain }),
      emit: () => {},
      embeddedHubUrl: async () => url,
      bootstrapPassword: async () => null,
      app: { version: 'test', platform: process.platform },
      mappingDialogs: {
        openExcel: async () => dialogs.excel,
        saveTemplate: async (suggested) => {
          dialogs.suggested = suggested
          return dialogs.template
        },
      },
    })
  })
  afterAll(async () => {
    await hub?.close()
    await location?.cleanup()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const h = () => services.handlers
  const file = (name: string, bytes: Uint8Array) => {
    const at = path.join(dir, name)
    writeFileSync(at, bytes)
    return at
  }

  it('needs a session: without one the hub answers 4030 for both the upload and the template', async () => {
    expect(await h()['fieldMapping.uploadExcelBytes']({ name: 'a.xlsx', bytes: handMadeXlsx([['a', 'A']]) })).toMatchObject({ ok: false, code: '4030' })
    dialogs.template = path.join(dir, 'never.xlsx')
    expect(await h()['fieldMapping.saveTemplate']()).toMatchObject({ ok: false, code: '4030' })
    // No file was written, and no dialog was shown for a call the hub refused.
    expect(dialogs.suggested).toBe('')
    await expect(readFile(dialogs.template)).rejects.toThrow()
  })

  it('imports a chosen workbook and dropped bytes, answering clean rows; a closed dialog is 5040', async () => {
    expect(await h()['hub.call']({ endpoint: 'platform.login', input: { username: 'admin', password: ADMIN_PASSWORD } })).toMatchObject({ ok: true })

    dialogs.excel = null
    expect(await h()['fieldMapping.chooseExcel']()).toEqual({ ok: false, code: '5040', message: '' })

    dialogs.excel = file('chosen.xlsx', sheetJsWorkbook([['源字段', '目标字段'], [' id ', 'ID'], ['id', 'ID'], ['name', '']], 'xlsx'))
    expect(await h()['fieldMapping.chooseExcel']()).toMatchObject({ ok: true, message: '文件上传成功', data: { rows: [pair('id', 'ID')] } })

    dialogs.excel = file('legacy.xls', sheetJsWorkbook([['a', 'A'], ['b', 'B']], 'biff8'))
    expect(await h()['fieldMapping.chooseExcel']()).toMatchObject({ ok: true, data: { rows: [pair('a', 'A'), pair('b', 'B')] } })

    const dropped = await h()['fieldMapping.uploadExcelBytes']({ name: 'dropped.xlsx', bytes: handMadeXlsx([['Source field', 'Target field'], ['x', 'X']]) })
    expect(dropped).toMatchObject({ ok: true, message: '文件上传成功', data: { rows: [pair('x', 'X')] } })
  })

  it('refuses wrong names and sizes in the main process, and shows the hub\'s refusals', async () => {
    const good = handMadeXlsx([['a', 'A']])
    expect(await h()['fieldMapping.uploadExcelBytes']({ name: 'a.csv', bytes: good })).toEqual({ ok: false, code: '4001', message: '文件格式错误，只能上传 .xls 或 .xlsx 文件' })
    dialogs.excel = file('notes.txt', good)
    expect(await h()['fieldMapping.chooseExcel']()).toEqual({ ok: false, code: '4001', message: '文件格式错误，只能上传 .xls 或 .xlsx 文件' })
    dialogs.excel = file('big.xlsx', new Uint8Array(MAPPING_EXCEL.maxBytes + 1))
    expect(await h()['fieldMapping.chooseExcel']()).toEqual({ ok: false, code: '4130', message: 'Excel 文件不能超过 16 MB' })
    dialogs.excel = path.join(dir, 'gone.xlsx')
    expect(await h()['fieldMapping.chooseExcel']()).toEqual({ ok: false, code: '4001', message: '无法读取该文件' })
    // The content is the hub's to judge.
    expect(await h()['fieldMapping.uploadExcelBytes']({ name: 'fake.xlsx', bytes: Buffer.from('a,b\n') })).toMatchObject({ ok: false, code: '4001', message: '不是有效的 Excel 文件' })
    // The proxy's general path refuses upload and download endpoints: files go through these channels.
    expect(await h()['hub.call']({ endpoint: 'datahub.file.upload.fieldMappingExcel', input: {} })).toMatchObject({ ok: false, code: '4040' })
    expect(await h()['hub.call']({ endpoint: 'datahub.file.downloadFieldMappingTemplate' })).toMatchObject({ ok: false, code: '4040' })
    // Payloads are checked before they reach a service.
    await expect(h()['fieldMapping.uploadExcelBytes']({ name: 'a.xlsx', bytes: 'not bytes' } as never)).rejects.toThrow()
  })

  it('saves the template where the save dialog says, under the hub\'s name; a closed dialog is 5040', async () => {
    dialogs.template = null
    expect(await h()['fieldMapping.saveTemplate']()).toEqual({ ok: false, code: '5040', message: '' })
    expect(dialogs.suggested).toBe('字段映射模板.xlsx')

    dialogs.template = path.join(dir, 'my-template.xlsx')
    expect(await h()['fieldMapping.saveTemplate']()).toMatchObject({ ok: true, data: { path: dialogs.template }, message: `模板已保存：${dialogs.template}` })
    const book = XLSX.read(await readFile(dialogs.template))
    expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 })).toEqual([['源字段', '目标字段'], ['user_name', 'userName']])

    // The saved template imports back as its example row.
    dialogs.excel = dialogs.template
    expect(await h()['fieldMapping.chooseExcel']()).toMatchObject({ ok: true, data: { rows: [pair('user_name', 'userName')] } })

    dialogs.template = path.join(dir, 'no-such-folder', 't.xlsx')
    expect(await h()['fieldMapping.saveTemplate']()).toEqual({ ok: false, code: '5000', message: '模板保存失败：ENOENT' })
  })

  it('follows the console language: English template and messages', async () => {
    await services.settings.updateConsole({ locale: 'en' })
    try {
      dialogs.template = path.join(dir, 'en.xlsx')
      expect(await h()['fieldMapping.saveTemplate']()).toMatchObject({ ok: true, message: `Template saved: ${dialogs.template}` })
      expect(dialogs.suggested).toBe('field-mapping-template.xlsx')
      const book = XLSX.read(await readFile(dialogs.template))
      expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0]).toEqual(['Source field', 'Target field'])
      expect(await h()['fieldMapping.uploadExcelBytes']({ name: 'x.xlsx', bytes: handMadeXlsx([['q', 'Q']]) })).toMatchObject({ ok: true, message: 'File uploaded' })
    } finally {
      await services.settings.updateConsole({ locale: 'zh-CN' })
    }
  })
})
