import { readFile, writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as licence from '../../../src/shared/contract/platform/licence'
import { initData } from '../../../src/shared/contract/platform/startup'
import { call, openTestHub, signIn, type TestHub } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'
import { farFuture, licenceKit, uploadFile, type LicenceKit } from './licenceFiles'

const targets = await storeTargets()

describeEachStore(targets, 'licence upload and state', (target) => {
  let location: StoreLocation
  let hub: TestHub
  let kit: LicenceKit
  let token: string
  const state = async () => (await call(hub.app, licence.getLicese)).body.data
  const upload = async (path: string, name = 'a.lic', locale?: string) => uploadFile(hub.app, token, name, await readFile(path), locale)

  beforeAll(async () => {
    kit = await licenceKit()
    location = await target.create()
    hub = await openTestHub(location, { licencePublicKey: kit.publicPem })
    token = await signIn(hub.app)
  })
  afterAll(async () => {
    await hub?.close()
    await location?.cleanup()
    await kit?.cleanup()
  })

  it('starts with no licence, then a signed file uploads, becomes current and is listed', async () => {
    expect(await state()).toEqual({ enforced: false, valid: false, licence: null })
    const answer = await upload(await kit.issue('good.lic', { '--id': 'lic-1', '--instances': '3' }))
    expect(answer).toMatchObject({
      code: '2000',
      message: '证书上传成功',
      data: { id: 'lic-1', productCode: 'DH-ENT', productNameCn: '数据交换平台企业版', productNameEn: 'DataHub Enterprise', expiredDate: farFuture, licensee: 'Example Corp', hubInstanceLimit: 3 },
    })
    expect(await state()).toMatchObject({ enforced: false, valid: true, licence: { id: 'lic-1', productNameEn: 'DataHub Enterprise' } })

    await upload(await kit.issue('second.lic', { '--id': 'lic-2', '--product-code': 'DH-STD' }))
    expect(await state()).toMatchObject({ valid: true, licence: { id: 'lic-2' } })
    const listed = await call(hub.app, licence.licenceQuery, { pageNum: 1, pageSize: 20 }, { token })
    expect(listed.body.data).toMatchObject({ totalElements: 2, content: [{ id: 'lic-2' }, { id: 'lic-1' }] })
    const byCode = await call(hub.app, licence.licenceQuery, { productCode: 'DH-ENT' }, { token })
    expect(byCode.body.data).toMatchObject({ totalElements: 1, content: [{ id: 'lic-1' }] })
    expect((await call(hub.app, licence.licenceDetail, { id: 'lic-1' }, { token })).body.data).toMatchObject({ id: 'lic-1', hubInstanceLimit: 3 })
    expect((await call(hub.app, licence.licenceDetail, { id: 'nope' }, { token })).body).toMatchObject({ code: '4040', message: '证书暂不存在' })
  })

  it('refuses expired, tampered, foreign-key and non-licence files, each with its message, keeping the current one', async () => {
    const expired = await upload(await kit.issue('old.lic', { '--expires': '2020-01-31' }))
    expect(expired).toMatchObject({ code: '4001', message: '证书已过期', data: { fields: [{ path: 'file', key: 'msg_licence_expired' }] } })

    const path = await kit.issue('tampered.lic')
    const file = JSON.parse(await readFile(path, 'utf8'))
    file.payload.expiredDate = '2199-12-31'
    await writeFile(path, JSON.stringify(file))
    expect(await upload(path)).toMatchObject({ code: '4001', message: '证书签名校验失败，该证书不是为此数据中心签发的' })

    const other = await licenceKit()
    try {
      expect(await upload(await other.issue('foreign.lic'), 'foreign.lic', 'en')).toMatchObject({
        code: '4001',
        message: 'The licence signature does not verify: it was not issued for this hub',
      })
    } finally {
      await other.cleanup()
    }

    await writeFile(`${kit.dir}/junk.lic`, '{"hello": "world"}')
    expect(await upload(`${kit.dir}/junk.lic`)).toMatchObject({ code: '4001', message: '不是有效的证书文件' })
    await writeFile(`${kit.dir}/binary.lic`, Buffer.from([0xff, 0xfe, 0x00, 0x01]))
    expect(await upload(`${kit.dir}/binary.lic`)).toMatchObject({ code: '4001', message: '不是有效的证书文件' })
    expect(await state()).toMatchObject({ valid: true, licence: { id: 'lic-2' } })
  })

  it('refuses a wrong extension and a file of 1 MB or more before looking inside', async () => {
    const good = await kit.issue('good2.lic')
    expect(await upload(good, 'licence.txt')).toMatchObject({ code: '4001', message: '证书文件格式错误，只能上传 .lic 文件' })
    expect(await upload(good, 'licence.lic.zip', 'en')).toMatchObject({ message: 'Wrong file type: only .lic licence files can be uploaded' })
    for (const size of [1024 * 1024, 3 * 1024 * 1024]) {
      const answer = await uploadFile(hub.app, token, 'big.lic', new Uint8Array(size).fill(32))
      expect(answer, `${size} bytes`).toMatchObject({ code: '4130', message: '证书文件大小须小于 1 MB' })
    }
    // Just under the limit is read and judged on its content.
    expect(await uploadFile(hub.app, token, 'edge.lic', new Uint8Array(1024 * 1024 - 1).fill(32))).toMatchObject({ code: '4001', message: '不是有效的证书文件' })
  })

  it('needs a session to upload, and a file in the field `file`', async () => {
    expect(await uploadFile(hub.app, null, 'a.lic', new Uint8Array(10))).toMatchObject({ code: '4030' })
    const json = await hub.app.inject({ method: 'POST', url: '/api/inner/platform/license/upload', headers: { authorization: `Bearer ${token}` }, payload: { file: 'x' } })
    expect(json.json()).toMatchObject({ code: '4001', data: { fields: [{ path: 'file', key: 'msg_field_required' }] } })
  })
})

describeEachStore(targets, 'licence enforcement', (target) => {
  let location: StoreLocation
  let hub: TestHub
  let kit: LicenceKit

  beforeAll(async () => {
    kit = await licenceKit()
    location = await target.create()
    hub = await openTestHub(location, { licencePublicKey: kit.publicPem, licenceEnforce: true })
  })
  afterAll(async () => {
    await hub?.close()
    await location?.cleanup()
    await kit?.cleanup()
  })

  it("answers protected calls with 4060 '证书错误!' until a valid licence is uploaded", async () => {
    const token = await signIn(hub.app)
    expect((await call(hub.app, initData, undefined, { token })).body).toEqual({ code: '4060', message: '证书错误!', data: null })
    expect((await call(hub.app, initData, undefined, { token, locale: 'en' })).body.message).toBe('Licence error!')
    // What the console needs to reach the licence page still works.
    expect((await call(hub.app, licence.getLicese)).body.data).toEqual({ enforced: true, valid: false, licence: null })
    expect((await call(hub.app, licence.licenceQuery, {}, { token })).body.code).toBe('2000')
    // Without a session the answer stays 4030: the licence says nothing to strangers.
    expect((await call(hub.app, initData)).body.code).toBe('4030')

    const expired = await uploadFile(hub.app, token, 'old.lic', await readFile(await kit.issue('old.lic', { '--expires': '2021-06-30' })))
    expect(expired.message).toBe('证书已过期')
    expect((await call(hub.app, initData, undefined, { token })).body.code).toBe('4060')

    expect((await uploadFile(hub.app, token, 'ok.lic', await readFile(await kit.issue('ok.lic')))).code).toBe('2000')
    expect((await call(hub.app, initData, undefined, { token })).body.code).toBe('2000')
    expect((await call(hub.app, licence.getLicese)).body.data).toMatchObject({ enforced: true, valid: true })
  })
})

describeEachStore(targets.filter((t) => t.name === 'sqlite'), 'a hub without a licence key', (target) => {
  it('refuses uploads with msg_licence_no_public_key and calls no licence valid', async () => {
    const kit = await licenceKit()
    const location = await target.create()
    const hub = await openTestHub(location)
    try {
      const token = await signIn(hub.app)
      const answer = await uploadFile(hub.app, token, 'a.lic', await readFile(await kit.issue('a.lic')))
      expect(answer).toMatchObject({ code: '4090', message: '未配置证书公钥，无法校验证书' })
      expect((await call(hub.app, licence.getLicese)).body.data).toEqual({ enforced: false, valid: false, licence: null })
    } finally {
      await hub.close()
      await location.cleanup()
      await kit.cleanup()
    }
  })
})
