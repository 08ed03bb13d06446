import { afterAll, beforeAll, expect, it } from 'vitest'
import { allEndpoints } from '../../../src/shared/contract'
import { TOPIC_PERMISSION, VERSION_PERMISSION } from '../../../src/shared/contract/datahub/permissions'
import { routePattern } from '../../../src/shared/endpoint'
import { addUser, call, openTestHub, signIn, type TestHub } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

const targets = await storeTargets()
const datahubEndpoints = allEndpoints.filter((e) => e.permission === TOPIC_PERMISSION || e.permission === VERSION_PERMISSION)

describeEachStore(targets, 'data hub access', (target) => {
  let location: StoreLocation
  let hub: TestHub
  beforeAll(async () => {
    location = await target.create()
    hub = await openTestHub(location)
  })
  afterAll(async () => {
    await hub?.close()
    await location?.cleanup()
  })

  it('covers the topic, producer, consumer and version calls under their spec paths', () => {
    const paths = datahubEndpoints.map(routePattern)
    expect(paths).toEqual(expect.arrayContaining([
      '/api/inner/datahub/topic/list', '/api/inner/datahub/topic/disableOrEnable', '/api/inner/datahub/producer/disableOrEnable',
      '/api/inner/datahub/consumer/status', '/api/inner/platform/versionBacktrack/listAll', '/api/inner/platform/versionBacktrack/create',
    ]))
  })

  it('answers 4030 without a token', async () => {
    for (const endpoint of datahubEndpoints) {
      expect((await call(hub.app, endpoint, { id: 'x' }, { token: null })).body, endpoint.id).toEqual({ code: '4030', message: '登录已失效，请重新登录', data: null })
    }
  })

  it('answers 4031 to a user whose roles lack the data hub codes, and lets the administrator in', async () => {
    await addUser(hub.store, { username: 'fay', password: 'Fay#Pass12', roles: ['user'] })
    const user = await signIn(hub.app, 'fay', 'Fay#Pass12')
    for (const endpoint of datahubEndpoints) {
      const answer = await call(hub.app, endpoint, { id: 'x' }, { token: user, locale: 'en' })
      expect(answer.body, endpoint.id).toEqual({ code: '4031', message: 'Insufficient permission', data: null })
    }
    const admin = await signIn(hub.app)
    // A download answers its file to the administrator (tests/integration/mappingFiles).
    for (const endpoint of datahubEndpoints.filter((e) => !e.download)) {
      expect((await call(hub.app, endpoint, { id: 'x' }, { token: admin })).body.code, endpoint.id).not.toMatch(/^403/)
    }
  })
})
