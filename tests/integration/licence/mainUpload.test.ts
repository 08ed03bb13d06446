import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadHubConfig } from '../../../src/hub/config'
import { startHub, type RunningHub } from '../../../src/hub/server'
import { createConsoleServices, type ConsoleServices } from '../../../src/main/compose'
import { createMemoryStore } from '../../../src/main/services/keyValueStore'
import { createTokenVault } from '../../../src/main/services/tokenVault'
import { noKeychain } from '../../support/noKeychain'
import { licenceKit, type LicenceKit } from './licenceFiles'

/**
 * The console's licence channels against a real hub on loopback: the file is read and checked
 * in the main process and posted as multipart by the hub proxy, with the session's token.
 * (The vault keeps the token in memory: the keychain has tests of its own.)
 */
const ADMIN_PASSWORD = 'Licence-Test-9!'

describe('licence upload through the main process', () => {
  let hub: RunningHub
  let hubDir: string
  let kit: LicenceKit
  let services: ConsoleServices
  let chosen: string | null = null

  beforeAll(async () => {
    kit = await licenceKit()
    hubDir = mkdtempSync(path.join(tmpdir(), 'dh-licence-hub-'))
    const keyFile = path.join(kit.dir, 'keys', 'licence-public.pem')
    hub = await startHub(loadHubConfig(['--port', '0', '--data-dir', hubDir, '--admin-password', ADMIN_PASSWORD, '--licence-public-key', keyFile, '--licence-enforce', 'on'], {}), { log: () => {} })
    services = createConsoleServices({
      store: createMemoryStore(),
      vault: await createTokenVault({ keyring: noKeychain }),
      emit: () => {},
      embeddedHubUrl: async () => hub.url,
      bootstrapPassword: async () => null,
      app: { version: 'test', platform: process.platform },
      chooseLicenceFile: async () => chosen,
    })
  })
  afterAll(async () => {
    await hub?.close()
    rmSync(hubDir, { recursive: true, force: true })
    await kit?.cleanup()
  })

  const h = () => services.handlers

  it('needs a session: without one the hub answers 4030', async () => {
    expect(await h()['licence.upload']({ path: await kit.issue('early.lic') })).toMatchObject({ ok: false, code: '4030' })
  })

  it('uploads a chosen file, a path and dropped bytes; the enforced hub then serves protected calls', async () => {
    expect(await h()['hub.call']({ endpoint: 'platform.login', input: { username: 'admin', password: ADMIN_PASSWORD } })).toMatchObject({ ok: true })
    expect(await h()['hub.call']({ endpoint: 'platform.firstpage.getInitData' })).toMatchObject({ ok: false, code: '4060', message: '证书错误!' })

    chosen = null
    expect(await h()['licence.choose']()).toMatchObject({ ok: false, code: '5040' })
    chosen = await kit.issue('chosen.lic', { '--id': 'chosen' })
    expect(await h()['licence.choose']()).toMatchObject({ ok: true, message: '证书上传成功', data: { id: 'chosen', productNameEn: 'DataHub Enterprise' } })
    expect(await h()['hub.call']({ endpoint: 'platform.firstpage.getInitData' })).toMatchObject({ ok: true })

    expect(await h()['licence.upload']({ path: await kit.issue('path.lic', { '--id': 'by-path' }) })).toMatchObject({ ok: true, data: { id: 'by-path' } })
    const bytes = new Uint8Array(await readFile(await kit.issue('dropped.lic', { '--id': 'dropped' })))
    expect(await h()['licence.uploadBytes']({ name: 'dropped.lic', bytes })).toMatchObject({ ok: true, data: { id: 'dropped' } })
    expect(await h()['hub.call']({ endpoint: 'platform.getLicese' })).toMatchObject({ ok: true, data: { enforced: true, valid: true, licence: { id: 'dropped' } } })
  })

  it('shows the hub\'s refusals and its own checks with their messages', async () => {
    expect(await h()['licence.upload']({ path: await kit.issue('old.lic', { '--expires': '2022-02-28' }) })).toMatchObject({ ok: false, code: '4001', message: '证书已过期' })
    const big = path.join(kit.dir, 'big.lic')
    writeFileSync(big, Buffer.alloc(2 * 1024 * 1024, 32))
    expect(await h()['licence.upload']({ path: big })).toEqual({ ok: false, code: '4130', message: '证书文件大小须小于 1 MB' })
    expect(await h()['licence.uploadBytes']({ name: 'x.pdf', bytes: new Uint8Array(4) })).toEqual({ ok: false, code: '4001', message: '证书文件格式错误，只能上传 .lic 文件' })
    // The proxy's general path refuses upload endpoints: files go through the licence channels only.
    expect(await h()['hub.call']({ endpoint: 'platform.license.upload', input: {} })).toMatchObject({ ok: false, code: '4040' })
  })
})
