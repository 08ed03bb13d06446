import { afterAll, beforeAll, expect, it } from 'vitest'
import { allEndpoints } from '../../../src/shared/contract'
import { changePassword, logout, me } from '../../../src/shared/contract/platform/session'
import { addUser, call, openTestHub, signIn, type TestHub } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

const targets = await storeTargets()
const sessionEndpoints = allEndpoints.filter((e) => e.access === 'session')
// Public reads that need no input: /file/get is public to the session check but carries its own
// token in the query (tests/integration/userCentre), so it answers nothing without one.
const publicEndpoints = allEndpoints.filter((e) => e.access === 'public' && e.method === 'GET' && (e.input.safeParse(undefined).success || e.input.safeParse({}).success))

const invalid = { code: '4030', message: '登录已失效，请重新登录', data: null }

describeEachStore(targets, 'sessions', (target) => {
  let location: StoreLocation
  let hub: TestHub
  /** Every session endpoint answers 4030 with `token` (input is irrelevant: the session comes first). */
  const expectAllRefused = async (token: string | null) => {
    for (const endpoint of sessionEndpoints) {
      const answer = await call(hub.app, endpoint, undefined, { token })
      expect({ id: endpoint.id, status: answer.status, body: answer.body }).toEqual({ id: endpoint.id, status: 200, body: invalid })
    }
  }

  beforeAll(async () => {
    location = await target.create()
    hub = await openTestHub(location)
  })
  afterAll(async () => {
    await hub?.close()
    await location?.cleanup()
  })

  it('covers the session endpoints of the contract', () => {
    expect(sessionEndpoints.map((e) => e.id)).toEqual(expect.arrayContaining(['platform.me', 'platform.logout', 'platform.menu.list']))
  })

  it('refuses every session endpoint without a token, or with one it never issued', async () => {
    await expectAllRefused(null)
    await expectAllRefused('not-a-token-of-this-hub')
  })

  it('answers the public endpoints without a token', async () => {
    for (const endpoint of publicEndpoints) expect((await call(hub.app, endpoint)).body.code, endpoint.id).toBe('2000')
  })

  it('accepts the raw token in Authorization as well as a Bearer token', async () => {
    const token = await signIn(hub.app)
    const raw = await call(hub.app, me, undefined, { headers: { authorization: token } })
    expect(raw.body.code).toBe('2000')
  })

  it('revokes the token on logout, and only that one', async () => {
    const kept = await signIn(hub.app)
    const token = await signIn(hub.app)
    expect((await call(hub.app, logout, {}, { token })).body.code).toBe('2000')
    await expectAllRefused(token)
    expect((await call(hub.app, me, undefined, { token: kept })).body.code).toBe('2000')
  })

  it('revokes every session of the user when the password changes', async () => {
    await addUser(hub.store, { username: 'dave', password: 'Dave#Pass1', roles: ['user'] })
    const other = await signIn(hub.app, 'dave', 'Dave#Pass1')
    const token = await signIn(hub.app, 'dave', 'Dave#Pass1')
    const adminToken = await signIn(hub.app)
    const answer = await call(hub.app, changePassword, { oldPassword: 'Dave#Pass1', newPassword: 'Next#Pass22', confirmPassword: 'Next#Pass22' }, { token })
    expect(answer.body).toMatchObject({ code: '2000', message: '密码已修改，请重新登录' })
    await expectAllRefused(token)
    await expectAllRefused(other)
    // Another user's session is untouched; the new password works, the old one no longer.
    expect((await call(hub.app, me, undefined, { token: adminToken })).body.code).toBe('2000')
    expect(await signIn(hub.app, 'dave', 'Next#Pass22')).toBeTruthy()
    await expect(signIn(hub.app, 'dave', 'Dave#Pass1')).rejects.toThrow(/4010/)
  })

  it('ends a session when it expires', async () => {
    const token = await signIn(hub.app)
    await hub.store.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('revoked_at', 'is', null).execute()
    await expectAllRefused(token)
  })

  it('ends the sessions of a user who is disabled', async () => {
    const token = await signIn(hub.app)
    await hub.store.db.updateTable('users').set({ status: '0' }).where('username', '=', 'admin').execute()
    await expectAllRefused(token)
    await hub.store.db.updateTable('users').set({ status: '1' }).where('username', '=', 'admin').execute()
  })

  it('keeps only the hash of a token in the store', async () => {
    const token = await signIn(hub.app)
    const rows = await hub.store.db.selectFrom('sessions').select('token_hash').execute()
    expect(rows.some((r) => r.token_hash === token)).toBe(false)
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true)
  })
})
