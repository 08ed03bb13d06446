import { afterAll, beforeAll, expect, it } from 'vitest'
import { consumerGetApiPath } from '../../../src/shared/contract/datahub/consumer'
import * as apps from '../../../src/shared/contract/platform/apps/applications'
import * as gw from '../../../src/shared/contract/platform/apps/gateways'
import { openCallBench, type CallBench } from '../../support/bench'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, refusal } from './support'

// The lookup is two plain queries; SQLite is enough (the stores' parity is covered elsewhere).
const targets = (await storeTargets()).filter((t) => t.name === 'sqlite')
const target = 'http://127.0.0.1:9000/api'

describeEachStore(targets, 'consumer API path lookup', (store) => {
  let b: CallBench
  const lookup = async (appCode: string, type: string) => (await b.ok<{ path: string }>(consumerGetApiPath, { appCode, type })).path
  beforeAll(async () => {
    b = await openCallBench(store)
    await b.ok(apps.applicationCreate, { code: 'crm', name: 'CRM', appType: '0', routePath: '/crm' })
    await b.ok(apps.applicationCreate, { code: 'wms', name: 'WMS', appType: '1' })
    await b.ok(apps.applicationCreate, { code: 'hrm', name: 'HRM', appType: '0', routePath: '/people' })
    // crm: two internal routes under /inner/crm (the more general one wins), one beside it, a catch-all.
    await b.ok(gw.internalCreate, { path: '/inner/crm/orders/{id}', prefix: '/inner/crm', targetService: target })
    await b.ok(gw.internalCreate, { path: '/inner/crm/**', prefix: '/inner/crm', targetService: target })
    await b.ok(gw.internalCreate, { path: '/inner/crmx/**', prefix: '/inner/crmx', targetService: target })
    await b.ok(gw.internalCreate, { path: '/inner/**', prefix: '/inner', targetService: target })
    await b.ok(gw.externalCreate, { path: '/outer/crm/v1/**', targetService: target })
    // wms has no route path: its code is its segment.
    await b.ok(gw.externalCreate, { path: '/outer/wms/*', targetService: target })
    // hrm's only route is disabled: it does not forward, so it is no API path.
    await b.ok(gw.internalCreate, { path: '/inner/people/**', prefix: '/inner/people', targetService: target, status: '0' })
  })
  afterAll(async () => b?.close())

  it("answers the internal route's path for type '0' and the external one for '1'", async () => {
    expect(await lookup('crm', '0')).toBe('/inner/crm')
    expect(await lookup('crm', '1')).toBe('/outer/crm/v1')
  })

  it('uses the application code when it has no route path', async () => {
    expect(await lookup('wms', '1')).toBe('/outer/wms')
    expect(await lookup('wms', '0')).toBe('')
  })

  it('answers an empty path when no enabled route of the kind belongs to the application', async () => {
    const answer = await b.send<{ path: string }>(consumerGetApiPath, { appCode: 'hrm', type: '0' })
    expect(answer.body).toMatchObject({ code: '2000', data: { path: '' } })
  })

  it('refuses an unknown application with a translated message, and a bad type or missing code per field', async () => {
    expect(refusal(await b.send(consumerGetApiPath, { appCode: 'nobody', type: '0' }))).toEqual({ code: '4040', message: '应用不存在' })
    expect(refusal(await b.send(consumerGetApiPath, { appCode: 'nobody', type: '1' }, { locale: 'en' }))).toEqual({ code: '4040', message: 'The application does not exist' })
    expect(fieldKeys(await b.send(consumerGetApiPath, { appCode: ' ', type: '2' }))).toEqual({ appCode: 'msg_app_code_required', type: 'msg_apps_app_type_required' })
  })
})
