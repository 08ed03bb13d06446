import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as licence from '../../src/shared/contract/platform/licence'
import { isoNow, newId } from '../../src/hub/store/ids'
import { addUser, call, openTestHub, signIn, type TestHub } from '../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../support/stores'
import { licenceKit, uploadFile, type LicenceKit } from '../integration/licence/licenceFiles'

/**
 * Issue 21, finding #10: a role-less user installed a licence signed (with the vendor's key)
 * for product OTHERPRODUCT, and it became the current, valid licence. Installing a licence needs
 * the licence menu's code, and only a licence for this product is accepted.
 */
const targets = await storeTargets()
const PASSWORD = 'Lic#Pass123'

describeEachStore(targets, 'licence upload needs the licence permission and this product (issue 21 #10)', (target) => {
  let location: StoreLocation
  let hub: TestHub
  let kit: LicenceKit
  const state = async () => (await call<licence.LicenceState>(hub.app, licence.getLicese)).body.data
  const upload = async (token: string, file: string) => uploadFile(hub.app, token, 'x.lic', await readFile(file))

  beforeAll(async () => {
    kit = await licenceKit()
    location = await target.create()
    hub = await openTestHub(location, { licencePublicKey: kit.publicPem })
  })
  afterAll(async () => {
    await hub?.close()
    await location?.cleanup()
    await kit?.cleanup()
  })

  it('refuses a user without the licence permission, whatever the file', async () => {
    await addUser(hub.store, { username: 'noroles01', password: PASSWORD, roles: [] })
    const token = await signIn(hub.app, 'noroles01', PASSWORD)
    for (const code of ['OTHERPRODUCT', 'DH-ENT']) {
      expect(await upload(token, await kit.issue(`${code}.lic`, { '--product-code': code }))).toEqual({ code: '4031', message: '权限不足', data: null })
    }
    expect(await state()).toMatchObject({ valid: false, licence: null })
  })

  it("refuses a licence for another product, even from the licence permission's holder", async () => {
    const roleId = newId()
    const at = isoNow()
    await hub.store.db.insertInto('roles').values({ id: roleId, role_code: 'licensing', role_name: 'Licensing', is_sys: '0', status: '1', created_at: at, updated_at: at }).execute()
    await hub.store.db.insertInto('role_permissions').values({ role_id: roleId, permission: licence.LICENCE_PERMISSION }).execute()
    await addUser(hub.store, { username: 'licensing01', password: PASSWORD, roles: ['licensing'] })
    const token = await signIn(hub.app, 'licensing01', PASSWORD)
    const other = await upload(token, await kit.issue('other.lic', { '--product-code': 'OTHERPRODUCT', '--id': 'other' }))
    expect(other).toMatchObject({ code: '4001', data: { fields: [{ path: 'file', key: 'msg_licence_product_mismatch', message: '证书不属于本产品' }] } })
    expect(await state()).toMatchObject({ valid: false, licence: null })
    // The same user installs this product's licence (an edition of it, or the bare code).
    expect(await upload(token, await kit.issue('std.lic', { '--product-code': 'DH-STD', '--id': 'std' }))).toMatchObject({ code: '2000', data: { id: 'std' } })
    expect(await upload(token, await kit.issue('dh.lic', { '--product-code': 'DH', '--id': 'dh' }))).toMatchObject({ code: '2000', data: { id: 'dh' } })
  })

  it('an administrator uploads this product\'s licence; another product\'s never replaces it', async () => {
    const admin = await signIn(hub.app)
    expect(await upload(admin, await kit.issue('ent.lic', { '--id': 'ent' }))).toMatchObject({ code: '2000', data: { id: 'ent', productCode: 'DH-ENT' } })
    expect((await upload(admin, await kit.issue('other2.lic', { '--product-code': 'OTHERPRODUCT', '--id': 'other2' }))).code).toBe('4001')
    // A look-alike code is another product too.
    expect((await upload(admin, await kit.issue('dhx.lic', { '--product-code': 'DHX', '--id': 'dhx' }))).code).toBe('4001')
    expect(await state()).toMatchObject({ valid: true, licence: { id: 'ent', productCode: 'DH-ENT' } })
  })
})
