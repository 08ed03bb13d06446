import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { MAPPING_EXCEL } from '../../../src/shared/contract/datahub/mappingFiles'
import type { Envelope } from '../../../src/shared/envelope'
import { longestStall, stallBudget } from '../../support/eventLoop'
import { signIn, type TestHub } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'
import { openMappingHub } from './mappingHub'
import { handMadeXlsx, minimalXlsxParts, sheetJsWorkbook, sheetXml, zip, type Cells } from './workbooks'

const UPLOAD_URL = '/api/inner/datahub/file/upload/fieldMappingExcel'
const TEMPLATE_URL = '/api/inner/datahub/file/downloadFieldMappingTemplate'
const PREVIEW_URL = '/api/inner/datahub/file/preview/fieldMappingExcel'
/** Workbooks LibreOffice wrote (tests/fixtures/workbooks/README.md). */
const libreOffice = (name: string) => new Uint8Array(readFileSync(join(__dirname, '../../fixtures/workbooks', name)))

/** Posts `bytes` as the multipart field `file`, the way the console's proxy does. */
async function upload(app: FastifyInstance, token: string | null, name: string, bytes: Uint8Array, locale = 'zh-CN', url = UPLOAD_URL): Promise<Envelope<unknown>> {
  const boundary = `----dh${Date.now()}`
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const response = await app.inject({
    method: 'POST',
    url: `${url}?t=${Date.now()}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': locale, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
  })
  expect(response.statusCode).toBeLessThan(500)
  return response.json() as Envelope<unknown>
}

const rowsOf = (answer: Envelope<unknown>) => {
  expect(answer.code, answer.message).toBe('2000')
  expect(typeof answer.data).toBe('string')
  return JSON.parse(answer.data as string) as unknown
}
const pair = (sourceFieldName: string, targetFieldName: string) => ({ sourceFieldName, targetFieldName })

// The endpoints keep nothing in the store: one store kind is enough.
const targets = (await storeTargets()).filter((t) => t.name === 'sqlite')

describeEachStore(targets, 'field-mapping Excel upload', (target) => {
  let location: StoreLocation
  let hub: TestHub
  let token: string

  beforeAll(async () => {
    location = await target.create()
    hub = await openMappingHub(location)
    token = await signIn(hub.app)
  })
  afterAll(async () => {
    await hub?.close()
    await location?.cleanup()
  })

  const messy: Cells = [
    ['源字段', '目标字段', '备注'],
    ['  user_id ', ' USER_ID', 'ignored column'],
    ['user_name', 'USER_NAME'],
    ['user_name', 'USER_NAME'],
    ['', 'ORPHAN'],
    ['no_target', '   '],
    [null, null],
    ['user_name', 'NICK_NAME'],
    [42, 'F42'],
  ]
  const cleaned = [pair('user_id', 'USER_ID'), pair('user_name', 'USER_NAME'), pair('user_name', 'NICK_NAME'), pair('42', 'F42')]

  it('reads an .xlsx written by SheetJS: header left out, names trimmed, empty and repeated pairs dropped', async () => {
    const answer = await upload(hub.app, token, 'mapping.xlsx', sheetJsWorkbook(messy, 'xlsx'))
    expect(answer.message).toBe('文件上传成功')
    expect(rowsOf(answer)).toEqual(cleaned)
    expect((await upload(hub.app, token, 'mapping.XLSX', sheetJsWorkbook(messy, 'xlsx'), 'en')).message).toBe('File uploaded')
  })

  it('leaves out a header in its own spelling from a LibreOffice workbook; the preview answers the same rows and what it skipped, and refuses as the upload does', async () => {
    for (const name of ['mapping-en.xlsx', 'mapping-en.xls']) {
      const rows = [pair('user_id', 'USER_ID'), pair('user_name', 'USER_NAME'), pair('42', 'F42')]
      expect(rowsOf(await upload(hub.app, token, name, libreOffice(name)))).toEqual(rows)
      const preview = await upload(hub.app, token, name, libreOffice(name), 'en', PREVIEW_URL)
      expect(preview.code, preview.message).toBe('2000')
      expect(preview.data).toEqual({
        rows,
        skipped: [
          { row: 1, sourceFieldName: 'Source Field', targetFieldName: 'Target Field', reason: 'header' },
          { row: 4, sourceFieldName: 'user_name', targetFieldName: 'USER_NAME', reason: 'duplicate' },
          { row: 5, sourceFieldName: '', targetFieldName: 'ORPHAN', reason: 'incomplete' },
          { row: 7, sourceFieldName: 'no_target', targetFieldName: '', reason: 'incomplete' },
        ],
        skippedTotal: 4,
      })
    }
    expect(await upload(hub.app, token, 'notes.txt', libreOffice('mapping-en.xlsx'), 'en', PREVIEW_URL)).toMatchObject({ code: '4001', message: 'Wrong file type: only .xls and .xlsx files can be uploaded' })
    expect(await upload(hub.app, null, 'a.xlsx', libreOffice('mapping-en.xlsx'), 'en', PREVIEW_URL)).toMatchObject({ code: '4030' })
  })

  it('reads an .xls (BIFF8), and a sheet without a header starts with data', async () => {
    expect(rowsOf(await upload(hub.app, token, 'legacy.xls', sheetJsWorkbook(messy, 'biff8')))).toEqual(cleaned)
    const noHeader = sheetJsWorkbook([['a', 'A'], ['b', 'B']], 'biff8')
    expect(rowsOf(await upload(hub.app, token, 'legacy.xls', noHeader))).toEqual([pair('a', 'A'), pair('b', 'B')])
  })

  it('reads a minimal .xlsx from another writer (inline strings, no shared strings, English header)', async () => {
    const bytes = handMadeXlsx([['Source field', 'Target field'], ['order_no', 'ORDER_NO'], ['amount', 'AMOUNT'], ['名称', '名称 '], ['a&b<c>', 'x"y']])
    expect(rowsOf(await upload(hub.app, token, 'other-writer.xlsx', bytes))).toEqual([pair('order_no', 'ORDER_NO'), pair('amount', 'AMOUNT'), pair('名称', '名称'), pair('a&b<c>', 'x"y')])
    // Stored (uncompressed) parts are read too.
    const stored = zip(minimalXlsxParts([['sourceFieldName', 'targetFieldName'], ['k', 'K']]).map((e) => ({ ...e, method: 0 as const })))
    expect(rowsOf(await upload(hub.app, token, 'stored.xlsx', stored))).toEqual([pair('k', 'K')])
  })

  it('reads only the first sheet, and an empty sheet gives no rows', async () => {
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['first', 'FIRST']]), 'One')
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['second', 'SECOND']]), 'Two')
    const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
    expect(rowsOf(await upload(hub.app, token, 'two.xlsx', bytes))).toEqual([pair('first', 'FIRST')])
    expect(rowsOf(await upload(hub.app, token, 'empty.xlsx', handMadeXlsx([])))).toEqual([])
  })

  it('refuses a wrong extension, whatever the content', async () => {
    const good = sheetJsWorkbook([['a', 'A']], 'xlsx')
    for (const name of ['mapping.csv', 'mapping.xlsx.exe', 'xlsx', '.xlsx', 'mapping.xlsm']) {
      expect(await upload(hub.app, token, name, good), name).toMatchObject({ code: '4001', message: '文件格式错误，只能上传 .xls 或 .xlsx 文件', data: { fields: [{ path: 'file' }] } })
    }
    expect((await upload(hub.app, token, 'mapping.txt', good, 'en')).message).toBe('Wrong file type: only .xls and .xlsx files can be uploaded')
  })

  it('refuses content that is not a spreadsheet, by its first bytes and then by its parts', async () => {
    const invalid = { code: '4001', message: '不是有效的 Excel 文件' }
    expect(await upload(hub.app, token, 'text.xlsx', Buffer.from('sourceFieldName,targetFieldName\na,A\n'))).toMatchObject(invalid)
    expect(await upload(hub.app, token, 'page.xls', Buffer.from('<html><table><tr><td>a</td><td>A</td></tr></table></html>'))).toMatchObject(invalid)
    expect(await upload(hub.app, token, 'image.xlsx', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toMatchObject(invalid)
    expect(await upload(hub.app, token, 'empty.xls', new Uint8Array(0))).toMatchObject(invalid)
    // A zip, but not a workbook; and a zip cut short.
    expect(await upload(hub.app, token, 'archive.xlsx', zip([{ name: 'readme.txt', data: 'hello' }]))).toMatchObject(invalid)
    const whole = handMadeXlsx([['a', 'A']])
    expect(await upload(hub.app, token, 'cut.xlsx', whole.subarray(0, whole.length - 40))).toMatchObject(invalid)
    // An OLE container that is no workbook.
    const ole = sheetJsWorkbook([['a', 'A']], 'biff8')
    ole.fill(0, 512)
    expect(await upload(hub.app, token, 'broken.xls', ole)).toMatchObject(invalid)
    expect((await upload(hub.app, token, 'text.xlsx', Buffer.from('a,b'), 'en')).message).toBe('This is not a valid Excel file')
  })

  it('refuses a file over the size limit before reading it whole', async () => {
    const big = new Uint8Array(MAPPING_EXCEL.maxBytes + 1)
    big.set([0x50, 0x4b, 0x03, 0x04])
    expect(await upload(hub.app, token, 'big.xlsx', big)).toMatchObject({ code: '4130', message: 'Excel 文件不能超过 16 MB' })
  })

  it('refuses zip bombs from the central directory: a huge declared unpacked size, too many entries', async () => {
    const parts = minimalXlsxParts([['a', 'A']])
    const huge = zip([...parts.slice(0, 4), { ...parts[4]!, declaredSize: 0xfffffff0 }])
    expect(await upload(hub.app, token, 'huge.xlsx', huge)).toMatchObject({ code: '4130', message: 'Excel 文件解压后内容过大，已拒绝' })
    // Many parts whose sizes add up past the limit.
    const many = zip([...parts, ...Array.from({ length: 5 }, (_, i) => ({ name: `xl/media/pad${i}.bin`, data: 'x', declaredSize: 30 * 1024 * 1024 }))])
    expect(await upload(hub.app, token, 'sum.xlsx', many)).toMatchObject({ code: '4130', message: 'Excel 文件解压后内容过大，已拒绝' })

    const crowded = zip([...parts, ...Array.from({ length: MAPPING_EXCEL.maxEntries }, (_, i) => ({ name: `xl/custom/item${i}.xml`, data: '<a/>' }))])
    expect(await upload(hub.app, token, 'crowded.xlsx', crowded)).toMatchObject({ code: '4130', message: 'Excel 文件包含的条目过多（超过 1000 个），已拒绝' })
    expect((await upload(hub.app, token, 'crowded.xlsx', crowded, 'en')).message).toBe('The Excel file has too many entries (more than 1000) and was refused')
  })

  it('refuses a part that inflates past the size its directory declares (stopped at that size)', async () => {
    const parts = minimalXlsxParts([['a', 'A']])
    // 64 MB of the same byte deflates to ~64 KB; the directory claims 1 KB.
    const bomb = { name: 'xl/worksheets/sheet1.xml', data: new Uint8Array(64 * 1024 * 1024).fill(0x20), declaredSize: 1024 }
    expect(await upload(hub.app, token, 'liar.xlsx', zip([...parts.slice(0, 4), bomb]))).toMatchObject({ code: '4001', message: '不是有效的 Excel 文件' })
  })

  // A workbook of exactly the limit is the bench's (bench/fieldMappingImport.bench.ts).
  it('refuses a sheet with more mapping rows than the limit', async () => {
    const rows: Cells = [['sourceFieldName', 'targetFieldName'], ...Array.from({ length: MAPPING_EXCEL.maxRows + 1 }, (_, i) => [`f${i}`, `F${i}`])]
    expect(await upload(hub.app, token, 'long.xlsx', handMadeXlsx(rows))).toMatchObject({ code: '4130', message: '映射行数不能超过 100000 行' })
  }, 120_000)

  it('parses a big workbook in a worker thread: the hub\'s own thread is never held up for long', async () => {
    // 120,000 cells to parse, of which only columns A and B come back.
    const rows: Cells = [['sourceFieldName', 'targetFieldName'], ...Array.from({ length: 6000 }, (_, i) => [`field_${i}`, `FIELD_${i}`, ...Array.from({ length: 18 }, (_, c) => `note ${i}.${c}`)])]
    const budget = await stallBudget()
    const uploading = upload(hub.app, token, 'wide.xlsx', handMadeXlsx(rows))
    expect(await longestStall(uploading)).toBeLessThan(budget)
    const mapped = rowsOf(await uploading) as unknown[]
    expect(mapped).toHaveLength(6000)
    expect(mapped[5999]).toEqual(pair('field_5999', 'FIELD_5999'))
  })

  it('needs a session, and a file in the field `file`', async () => {
    expect(await upload(hub.app, null, 'a.xlsx', handMadeXlsx([['a', 'A']]))).toMatchObject({ code: '4030' })
    const json = await hub.app.inject({ method: 'POST', url: UPLOAD_URL, headers: { authorization: `Bearer ${token}` }, payload: { file: 'x' } })
    expect(json.json()).toMatchObject({ code: '4001', data: { fields: [{ path: 'file', key: 'msg_field_required' }] } })
  })

  it('downloads the template as a real .xlsx (header and example row) that uploads back as the example', async () => {
    const response = await hub.app.inject({ method: 'GET', url: `${TEMPLATE_URL}?t=1`, headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('字段映射模板.xlsx')}`)
    const bytes = response.rawPayload
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04])
    const book = XLSX.read(bytes)
    const sheet = book.Sheets[book.SheetNames[0]!]!
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([['源字段', '目标字段'], ['user_name', 'userName']])
    expect(rowsOf(await upload(hub.app, token, '字段映射模板.xlsx', new Uint8Array(bytes)))).toEqual([pair('user_name', 'userName')])

    const en = await hub.app.inject({ method: 'GET', url: TEMPLATE_URL, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } })
    expect(en.headers['content-disposition']).toBe(`attachment; filename="field-mapping-template.xlsx"; filename*=UTF-8''field-mapping-template.xlsx`)
    const enBook = XLSX.read(en.rawPayload)
    expect(XLSX.utils.sheet_to_json(enBook.Sheets[enBook.SheetNames[0]!]!, { header: 1 })[0]).toEqual(['Source field', 'Target field'])
  })

  it('answers the template without a session with the 4030 envelope, not a file', async () => {
    const response = await hub.app.inject({ method: 'GET', url: TEMPLATE_URL })
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json()).toMatchObject({ code: '4030' })
  })

  // Keep the writer honest: its XML is what a reader expects.
  it('writes sheets a stock reader parses the same way', () => {
    const book = XLSX.read(handMadeXlsx([['x', 1]]))
    expect(XLSX.utils.sheet_to_json(book.Sheets.Mapping!, { header: 1 })).toEqual([['x', 1]])
    expect(sheetXml([['<']])).toContain('&lt;')
  })
})
