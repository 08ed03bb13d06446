import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import type { DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import * as ds from '../../../src/shared/contract/datahub/dataSources'
import type { DataSource } from '../../../src/shared/contract/datahub/dataSources'
import { sftpMissing, SFTP_PASSWORD, SFTP_USER, type SftpServer } from '../../support/sftpServer'
import { fieldKeys, freshCode, refusal, type Bench } from '../datahub/support'
import { openFileLocationBench, type FileLocationBench } from './fileLocationBench'
import { drain, openFlow, pushOk } from './support'

/**
 * File locations (data-source type 3): a folder on the hub, or an SFTP server (a real OpenSSH
 * sshd on loopback, tests/support/sftpServer.ts), their connection test with the host key pinned
 * on first use, and file consumers delivering into them. One SQLite-store hub: the store plays
 * no part in what is tested here.
 */
const missing = sftpMissing()
if (missing && process.env.CI === 'true') throw new Error(`SFTP tests cannot run: ${missing}`)

describe('file locations: folder and SFTP data sources, and file consumers writing there', () => {
  let bench: FileLocationBench
  let b: Bench
  let worker: DeliveryWorker
  let sftp: SftpServer | null = null
  let folder: string
  let createSource: FileLocationBench['createSource']

  beforeAll(async () => {
    bench = await openFileLocationBench()
    ;({ b, worker, sftp, folder, createSource } = bench)
  })
  afterAll(() => bench?.close())

  const name = (prefix: string) => freshCode(prefix).replace(/[^a-z0-9_]/gi, '_').slice(0, 50)
  const sftpFields = (extra: object = {}) => ({ sourceType: '3', dbType: 'sftp', host: sftp!.host, port: String(sftp!.port), username: SFTP_USER, databaseName: '/upload', timeout: 5, ...extra })
  const test = (input: object) => b.send<{ serverVersion: string }>(ds.datasourceTest, input)

  it('tests a folder on the hub: an existing one passes, a missing one says why, a relative path is refused', async () => {
    const good = await test({ sourceType: '3', dbType: 'folder', databaseName: folder })
    expect(good.body).toMatchObject({ code: '2000', message: '连接成功' })
    const gone = await test({ sourceType: '3', dbType: 'folder', databaseName: join(folder, 'nope') })
    expect(refusal(gone)).toEqual({ code: '4090', message: `数据源连接失败：${join(folder, 'nope')}: ENOENT` })
    const relative = await b.send(ds.datasourceCreate, { name: name('rel'), applicationCode: 'erp', sourceType: '3', dbType: 'folder', databaseName: 'files' })
    expect(fieldKeys(relative)).toEqual({ databaseName: 'msg_datasource_folder_absolute' })
  })

  it('delivers a file consumer\'s message into its folder below a folder location', async () => {
    const source = await createSource({ sourceType: '3', dbType: 'folder', databaseName: folder })
    const flow = await openFlow(b, { consumers: [{ dataConsumeType: 'file', datasourceName: source.name, fileRequestInfoModel: { fileDir: 'orders/in', fileNameRule: '3', fileNamePrefix: 'o_' } }] })
    expect((await drain(b, worker, await pushOk(b, flow.topic.code, { id: 1 })))[0]).toMatchObject({ status: 'delivered' })
    const files = await readdir(join(folder, 'orders', 'in'))
    expect(files).toEqual([expect.stringMatching(/^o_[0-9a-f-]{36}\.json$/)])
    expect(JSON.parse(await readFile(join(folder, 'orders', 'in', files[0]!), 'utf8'))).toEqual({ id: 1 })
  })

  it('delivers an excel consumer\'s records as a workbook laid out by its sheet settings', async () => {
    const source = await createSource({ sourceType: '3', dbType: 'folder', databaseName: folder })
    const excelModels = [{ sheetName: '订单', modelCodeCellIndex: 'A1', headerRowNum: '2', valueStartRowNum: '3' }]
    const flow = await openFlow(b, { consumers: [{ dataConsumeType: 'excel', datasourceName: source.name, excelModels }] })
    const messageId = await pushOk(b, flow.topic.code, [{ id: 1, sku: 'A-1' }, { id: 2, sku: 'B-2', qty: 5 }])
    expect((await drain(b, worker, messageId))[0]).toMatchObject({ status: 'delivered' })
    const books = (await readdir(folder)).filter((f) => f.endsWith('.xlsx'))
    expect(books).toEqual([expect.stringMatching(new RegExp(`^${flow.topic.code.replace(/\./g, '\\.')}_\\d{17}\\.xlsx$`))])
    const book = XLSX.read(await readFile(join(folder, books[0]!)))
    expect(book.SheetNames).toEqual(['订单'])
    expect(XLSX.utils.sheet_to_json(book.Sheets['订单']!, { header: 1, defval: '' })).toEqual([
      [flow.topic.code, '', ''],
      ['id', 'sku', 'qty'],
      [1, 'A-1', ''],
      [2, 'B-2', 5],
    ])
  })

  describe.skipIf(missing !== null)('SFTP', () => {
    it('connects with the password, pins the host key of a saved source, and never answers the secrets', async () => {
      const form = await test(sftpFields({ password: SFTP_PASSWORD }))
      expect(form.body.code, form.body.message).toBe('2000')
      expect(form.body.data?.serverVersion).toContain(sftp!.hostKey)
      const source = await createSource(sftpFields({ password: SFTP_PASSWORD, privateKey: sftp!.privateKey }))
      // Not pinned by a form's test; pinned by the saved source's first connection.
      expect(source.hostKey).toBe('')
      expect((await test({ id: source.id })).body.code).toBe('2000')
      const read = await b.ok<DataSource>(ds.datasourceGet, { id: source.id })
      expect(read).toMatchObject({ hostKey: sftp!.hostKey, password: '', passwordSet: true, privateKey: '', privateKeySet: true })
      expect(JSON.stringify(read)).not.toContain(SFTP_PASSWORD)
      expect(JSON.stringify(read)).not.toContain('PRIVATE KEY')
    })

    it('signs in with a private key alone', async () => {
      const answer = await test(sftpFields({ privateKey: sftp!.privateKey }))
      expect(answer.body.code, answer.body.message).toBe('2000')
    })

    it('refuses a wrong password with the server\'s reason, without echoing it', async () => {
      const answer = await test(sftpFields({ password: 'Wr0ng-Pa55' }))
      expect(refusal(answer)).toEqual({ code: '4090', message: '数据源连接失败：All configured authentication methods failed' })
      expect(JSON.stringify(answer.body)).not.toContain('Wr0ng-Pa55')
    })

    it('delivers a pushed message into the SFTP folder atomically: no partial file under its final name', async () => {
      const source = await createSource(sftpFields({ password: SFTP_PASSWORD }))
      const flow = await openFlow(b, { consumers: [{ dataConsumeType: 'file', datasourceName: source.name, fileRequestInfoModel: { fileDir: 'daily', fileNameRule: '2', fileNamePrefix: 'big_' } }] })
      // About 1.8 MB (the hub takes 2 MiB a push): many SFTP writes, long enough to be watched.
      const rows = Array.from({ length: 18_000 }, (_, i) => ({ i, text: 'x'.repeat(80) }))
      const expected = JSON.stringify(rows)
      const dir = join(sftp!.upload, 'daily')
      const seen: { name: string; size: number }[] = []
      let sawTemporary = false
      let watching = true
      const watcher = (async () => {
        while (watching) {
          for (const f of await readdir(dir).catch(() => [] as string[])) {
            if (f.startsWith('.')) {
              sawTemporary = true
              continue
            }
            const size = await stat(join(dir, f)).then((s) => s.size, () => -1)
            if (size >= 0) seen.push({ name: f, size })
          }
          await new Promise((r) => setImmediate(r))
        }
      })()
      const messageId = await pushOk(b, flow.topic.code, rows)
      const [delivery] = await drain(b, worker, messageId, 60_000)
      watching = false
      await watcher
      expect(delivery).toMatchObject({ status: 'delivered', last_error: '' })
      const files = await readdir(dir)
      expect(files).toEqual([expect.stringMatching(/^big_\d{8}_000001\.json$/)])
      expect(await readFile(join(dir, files[0]!), 'utf8')).toBe(expected)
      // The upload went to a hidden temporary name first (seen while it was written), and
      // whenever the final name was visible, the whole file was there.
      expect(sawTemporary).toBe(true)
      expect(seen.filter((s) => s.size !== Buffer.byteLength(expected))).toEqual([])
      // The delivery pinned the server's key.
      expect((await b.ok<DataSource>(ds.datasourceGet, { id: source.id })).hostKey).toBe(sftp!.hostKey)
    })

    it('refuses a server whose host key changed after it was pinned, in the test and in deliveries', async () => {
      const source = await createSource(sftpFields({ password: SFTP_PASSWORD }))
      expect((await test({ id: source.id })).body.code).toBe('2000')
      const pinned = sftp!.hostKey
      await sftp!.rekey()
      const answer = await test({ id: source.id })
      expect(refusal(answer)).toEqual({
        code: '4090',
        message: `服务器 127.0.0.1:${sftp!.port} 的主机密钥已变更（已记录 ${pinned}，当前 ${sftp!.hostKey}），已拒绝连接。若确认服务器更换了密钥，请清空数据源的主机密钥指纹后重试`,
      })
      // Still the old key: the refusal pinned nothing.
      expect((await b.ok<DataSource>(ds.datasourceGet, { id: source.id })).hostKey).toBe(pinned)
      const flow = await openFlow(b, { consumers: [{ dataConsumeType: 'file', datasourceName: source.name, fileRequestInfoModel: { fileDir: 'changed', fileNameRule: '1' } }] })
      const messageId = await pushOk(b, flow.topic.code, { id: 2 })
      await worker.tick()
      const [delivery] = await drain(b, worker, messageId, 1_000)
      expect(delivery!.last_error).toContain(`showed the host key ${sftp!.hostKey}, not the pinned ${pinned}`)
      expect(await readdir(join(sftp!.upload, 'changed')).catch(() => [])).toEqual([])
      // Clearing the pinned key (the administrator accepts the new one) lets it through again.
      const off = await b.ok<DataSource>(ds.datasourceStatus, { id: source.id, status: '0' })
      await b.ok(ds.datasourceUpdate, { id: source.id, version: off.version, hostKey: '' })
      expect((await test({ id: source.id })).body.code).toBe('2000')
      expect((await b.ok<DataSource>(ds.datasourceGet, { id: source.id })).hostKey).toBe(sftp!.hostKey)
    })
  })
})
