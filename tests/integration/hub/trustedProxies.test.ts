import { afterEach, expect, it } from 'vitest'
import { login } from '../../../src/shared/contract/platform/session'
import { addUser, call, openTestHub, type TestHub } from '../../support/hub'
import { storeTargets, type StoreLocation } from '../../support/stores'

/**
 * A hub behind a reverse proxy (HUB_TRUSTED_PROXIES): sign-in lockout counts against the
 * client X-Forwarded-For names when the request comes from a named proxy, and ignores the header
 * from anyone else. app.inject's requests come from 127.0.0.1.
 */
const [sqlite] = await storeTargets()
let location: StoreLocation
let hub: TestHub

afterEach(async () => {
  await hub?.close()
  await location?.cleanup()
})

async function hubWith(trustedProxies: string[]) {
  location = await sqlite!.create()
  hub = await openTestHub(location, { trustedProxies })
  await addUser(hub.store, { username: 'carol', password: 'Carol#Pass1', roles: ['user'] })
}

const signIn = (password: string, forwardedFor: string) =>
  call(hub.app, login, { username: 'carol', password }, { headers: { 'x-forwarded-for': forwardedFor } }).then((a) => a.body.code)

it('behind a trusted proxy, five failures from one client lock that client out, not the user at another address', async () => {
  await hubWith(['127.0.0.1'])
  for (let i = 0; i < 5; i++) await signIn('Wrong#Pass1', '203.0.113.7')
  expect(await signIn('Carol#Pass1', '203.0.113.7')).toBe('4011')
  expect(await signIn('Carol#Pass1', '198.51.100.20')).toBe('2000')
})

it('from a peer that is not a named proxy, X-Forwarded-For is ignored: a forged header does not escape the lock', async () => {
  await hubWith(['10.9.9.9'])
  for (let i = 0; i < 5; i++) await signIn('Wrong#Pass1', '203.0.113.7')
  // Same peer (127.0.0.1), another claimed client: still the locked address.
  expect(await signIn('Carol#Pass1', '198.51.100.20')).toBe('4011')
})
