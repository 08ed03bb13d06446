import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { verifyPassword } from '../../src/hub/auth/passwords'
import { login } from '../../src/shared/contract/platform/session'
import { resolvePath } from '../../src/shared/endpoint'
import type { Envelope } from '../../src/shared/envelope'
import { addUser, openTestHub, type TestHub } from '../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../support/stores'

/**
 * Finding #5 of the adversarial probe (issue 21): failures were recorded after the password
 * check, so 100 concurrent wrong sign-ins tested 100 passwords (and the right one in such a burst
 * got a token); and five failures as 'BRUTEB1', from anywhere, locked the real 'bruteb1'.
 */
const targets = await storeTargets()

// Counts the password checks the hub makes (each one is a guess the attacker got).
vi.mock('../../src/hub/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/hub/auth/passwords')>()
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) }
})
const passwordChecks = vi.mocked(verifyPassword)

const ATTACKER = '203.0.113.66'
const OWNER = '198.51.100.7'

type Answer = Envelope<{ token?: string }>

async function signIn(app: FastifyInstance, username: string, password: string, remoteAddress: string): Promise<Answer> {
  const response = await app.inject({ method: 'POST', url: resolvePath(login, {}).path, remoteAddress, headers: { 'accept-language': 'zh-CN' }, payload: { username, password } })
  return response.json<Answer>()
}

const codesOf = (answers: Answer[]) => answers.map((a) => a.code)
const count = (codes: string[], code: string) => codes.filter((c) => c === code).length

describeEachStore(targets, 'sign-in lockout under attack', (target) => {
  let location: StoreLocation
  let hub: TestHub
  // A second hub node on the same PostgreSQL store: the store, not one process, holds the count.
  // (Two SQLite hubs mean two processes, which better-sqlite3 cannot show inside one test.)
  let second: TestHub | null = null
  const node2 = () => second ?? hub

  beforeAll(async () => {
    location = await target.create()
    hub = await openTestHub(location)
    if (target.name === 'postgres') second = await openTestHub(location)
  })
  afterAll(async () => {
    await second?.close()
    await hub?.close()
    await location?.cleanup()
  })

  it('checks at most five passwords of 100 concurrent wrong sign-ins, over two hub nodes', async () => {
    await addUser(hub.store, { username: 'burst1', password: 'Burst#Pass1', roles: ['user'] })
    passwordChecks.mockClear()
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(i % 2 ? node2().app : hub.app, 'burst1', `Wrong#${i}pass`, ATTACKER)))
    expect(passwordChecks).toHaveBeenCalledTimes(5)
    // As five sequential failures: four say the password is wrong, the fifth that it locked.
    const codes = codesOf(answers)
    expect(count(codes, '4010')).toBe(4)
    expect(count(codes, '4011')).toBe(96)
    expect(answers.find((a) => a.code === '4011')?.message).toBe('登录失败次数过多，账号已锁定 15 分钟，请稍后再试')
    // Locked now: the right password is refused unchecked.
    expect((await signIn(hub.app, 'burst1', 'Burst#Pass1', ATTACKER)).code).toBe('4011')
  })

  it('gives no token to the right password sent inside a burst of wrong ones', async () => {
    await addUser(hub.store, { username: 'burst2', password: 'Burst#Pass2', roles: ['user'] })
    const wrong = Array.from({ length: 100 }, (_, i) => signIn(i % 2 ? node2().app : hub.app, 'burst2', `Wrong#${i}pass`, ATTACKER))
    const right = signIn(hub.app, 'burst2', 'Burst#Pass2', ATTACKER)
    const answers = await Promise.all([...wrong, right])
    expect(answers.filter((a) => a.data?.token)).toEqual([])
    expect((await right).code).toBe('4011')
    expect(count(codesOf(answers), '4010')).toBeLessThanOrEqual(5)
  })

  it("locks the attacker's address, not the owner's", async () => {
    await addUser(hub.store, { username: 'victim1', password: 'Victim#Pass1', roles: ['user'] })
    await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(hub.app, 'victim1', `Wrong#${i}pass`, ATTACKER)))
    expect((await signIn(hub.app, 'victim1', 'Victim#Pass1', ATTACKER)).code).toBe('4011')

    const owner = await signIn(hub.app, 'victim1', 'Victim#Pass1', OWNER)
    expect(owner.code).toBe('2000')
    expect(owner.data?.token).toBeTruthy()
  })

  it('lets no spelling of a username lock the real account for its owner', async () => {
    await addUser(hub.store, { username: 'bruteb1', password: 'Brute#Pass1', roles: ['user'] })
    for (let i = 0; i < 5; i++) await signIn(hub.app, 'BRUTEB1', `Wrong#${i}pass`, ATTACKER)
    expect((await signIn(hub.app, 'bruteb1', 'Brute#Pass1', OWNER)).code).toBe('2000')
  })

  it('counts every spelling of a username as the same account', async () => {
    await addUser(hub.store, { username: 'spell1', password: 'Spell#Pass1', roles: ['user'] })
    const spellings = ['spell1', 'SPELL1', 'Spell1', 'sPeLl1', 'SPELL1']
    const codes = []
    for (const [i, name] of spellings.entries()) codes.push((await signIn(hub.app, name, `Wrong#${i}pass`, ATTACKER)).code)
    expect(codes).toEqual(['4010', '4010', '4010', '4010', '4011'])
    expect((await signIn(hub.app, 'sPELL1', 'Spell#Pass1', ATTACKER)).code).toBe('4011')
    // Case-insensitive names: the owner may type any spelling, and is signed in as stored.
    const owner = await signIn(hub.app, 'SPELL1', 'Spell#Pass1', OWNER)
    expect(owner.code).toBe('2000')
    expect((owner.data as { username?: string }).username).toBe('spell1')
  })

  it('bounds guessing from many addresses, and still lets the owner in from a known one', async () => {
    await addUser(hub.store, { username: 'victim2', password: 'Victim#Pass2', roles: ['user'] })
    expect((await signIn(hub.app, 'victim2', 'Victim#Pass2', OWNER)).code).toBe('2000')
    const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5']
    passwordChecks.mockClear()
    await Promise.all(attackers.flatMap((address) => Array.from({ length: 10 }, (_, i) => signIn(node2().app, 'victim2', `Wrong#${i}pass`, address))))
    expect(passwordChecks.mock.calls.length).toBeLessThanOrEqual(20)

    // A sixth address is refused even with the right password; the owner's address is not.
    expect((await signIn(hub.app, 'victim2', 'Victim#Pass2', '203.0.113.6')).code).toBe('4011')
    expect((await signIn(hub.app, 'victim2', 'Victim#Pass2', OWNER)).code).toBe('2000')
  })

  it('counts the addresses of one IPv6 /64 together', async () => {
    await addUser(hub.store, { username: 'six1', password: 'Six#Pass12', roles: ['user'] })
    for (let i = 1; i <= 5; i++) await signIn(hub.app, 'six1', `Wrong#${i}pass`, `2001:db8:0:7::${i}`)
    expect((await signIn(hub.app, 'six1', 'Six#Pass12', '2001:db8:0:7:abcd::99')).code).toBe('4011')
    expect((await signIn(hub.app, 'six1', 'Six#Pass12', '2001:db8:0:8::1')).code).toBe('2000')
  })
})
