import { afterAll, beforeAll, expect, it } from 'vitest'
import { allEndpoints } from '../../../src/shared/contract'
import { adminEndpoints } from '../../../src/shared/contract/platform/admin'
import { routePattern } from '../../../src/shared/endpoint'
import { allPermissionCodes } from '../../../src/hub/store/seed/roles'
import { isoNow, newId } from '../../../src/hub/store/ids'
import { addUser, call, openTestHub, signIn, type TestHub } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

const targets = await storeTargets()
/** Every endpoint of the whole contract that names a permission code, grouped by code. */
const guarded = allEndpoints.filter((e) => e.permission)
const codes = [...new Set(guarded.map((e) => e.permission!))].sort()

describeEachStore(targets, 'permission codes of the whole contract', (target) => {
  let location: StoreLocation
  let hub: TestHub
  let token: string
  let roleId: string
  /** Gives the test role every known code but `missing`. */
  const grantAllBut = async (missing: string | null) => {
    await hub.store.db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute()
    const granted = allPermissionCodes().filter((c) => c !== missing)
    await hub.store.db.insertInto('role_permissions').values(granted.map((permission) => ({ role_id: roleId, permission }))).execute()
  }

  beforeAll(async () => {
    location = await target.create()
    hub = await openTestHub(location)
    // The role and user are made directly in the store, not through the calls under test.
    roleId = newId()
    const at = isoNow()
    await hub.store.db.insertInto('roles').values({ id: roleId, role_code: 'probe', role_name: 'Probe', is_sys: '0', status: '1', created_at: at, updated_at: at }).execute()
    await addUser(hub.store, { username: 'probe01', password: 'Probe#Pass1', roles: ['probe'] })
    token = await signIn(hub.app, 'probe01', 'Probe#Pass1')
  })
  afterAll(async () => {
    await hub?.close()
    await location?.cleanup()
  })

  it('declares the administration calls under the spec paths, each with a platform code', () => {
    const admin = Object.values(adminEndpoints)
    expect(admin.every((e) => e.permission?.startsWith('platform:'))).toBe(true)
    expect(admin.map(routePattern)).toEqual(expect.arrayContaining([
      '/api/inner/platform/role/query', '/api/inner/platform/role/detail/{id}', '/api/inner/platform/role/getUnbindUsers',
      '/api/inner/platform/role/saveRoleUser', '/api/inner/platform/userrole/user/setRoles', '/api/inner/platform/org/orgBlindPosition',
      '/api/inner/platform/org/orgUnBlindPosition', '/api/inner/platform/project/listTree', '/api/inner/platform/orgPosition/getPositionByOrgCodes',
      '/api/inner/platform/employee/setSysOrButler', '/api/inner/platform/user/findUserByOrgPositionAndRole', '/api/inner/platform/position/getPositionLimits',
    ]))
  })

  it.each(codes)('answers 4031 on every call needing %s to a user whose role lacks just that code', async (code) => {
    await grantAllBut(code)
    for (const endpoint of guarded.filter((e) => e.permission === code)) {
      const answer = await call(hub.app, endpoint, { id: 'x' }, { token, locale: 'en' })
      expect(answer.body, endpoint.id).toEqual({ code: '4031', message: 'Insufficient permission', data: null })
    }
  })

  it('lets the same user in once the role has the code (the refusal was the permission, nothing else)', async () => {
    await grantAllBut(null)
    // Downloads answer a file on success, not an envelope.
    for (const endpoint of guarded.filter((e) => !e.download)) {
      const answer = await call(hub.app, endpoint, { id: 'x' }, { token })
      expect(answer.body.code, endpoint.id).not.toMatch(/^403/)
    }
  })
})
