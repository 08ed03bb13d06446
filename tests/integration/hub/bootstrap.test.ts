import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { changePassword } from '../../../src/shared/contract/platform/session'
import { health } from '../../../src/shared/contract/platform/startup'
import { isStrongPassword } from '../../../src/shared/rules/password'
import { startHub, type RunningHub } from '../../../src/hub/server'
import { testConfig } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

const targets = await storeTargets()

/** A real socket on 127.0.0.1: what an operator's browser or the desktop app would talk to. */
async function post(hub: RunningHub, path: string, body: unknown, token?: string) {
  const res = await fetch(`${hub.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return (await res.json()) as { code: string; message: string; data: Record<string, unknown> | null }
}
const signIn = (hub: RunningHub, password: string) => post(hub, '/api/inner/platform/login', { username: 'admin', password })

describeEachStore(targets, 'first start of a hub', (target) => {
  let location: StoreLocation
  const running: RunningHub[] = []
  const start = async (adminPassword: string | null = null) => {
    const lines: string[] = []
    const hub = await startHub(testConfig(location, { adminPassword }), { log: (l) => lines.push(l) })
    running.push(hub)
    return { hub, lines }
  }

  beforeEach(async () => {
    location = await target.create()
  })
  afterEach(async () => {
    await Promise.all(running.splice(0).map((h) => h.close()))
    await location.cleanup()
  })

  it('creates admin with a generated password, prints it once and keeps it in a 0600 file', async () => {
    const { hub, lines } = await start()
    const password = hub.bootstrapPassword!
    expect(isStrongPassword(password)).toBe(true)
    expect(lines.filter((l) => l.includes(password))).toHaveLength(1)

    const file = join(location.dataDir, 'initial-admin-password')
    expect((await readFile(file, 'utf8')).trim()).toBe(password)
    expect((await stat(file)).mode & 0o777).toBe(0o600)

    expect((await signIn(hub, password)).code).toBe('2000')
    const healthAnswer = await (await fetch(`${hub.url}/api${health.path}`)).json()
    expect(healthAnswer.data.store).toBe(target.name)
  })

  it('creates nothing on the second start and prints no password', async () => {
    const first = await start()
    const password = first.hub.bootstrapPassword!
    await first.hub.close()

    const second = await start()
    expect(second.hub.bootstrapPassword).toBeNull()
    expect(second.lines.join('\n')).not.toContain(password)
    expect((await signIn(second.hub, password)).code).toBe('2000')
    expect(await second.hub.store.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'admin' }])
  })

  it('uses HUB_ADMIN_PASSWORD instead of generating one, and writes no file', async () => {
    const { hub, lines } = await start('Given#Pass9')
    expect(hub.bootstrapPassword).toBeNull()
    expect(lines.join('\n')).not.toContain('Given#Pass9')
    await expect(stat(join(location.dataDir, 'initial-admin-password'))).rejects.toThrow()
    expect((await signIn(hub, 'Given#Pass9')).code).toBe('2000')
  })

  it('refuses a HUB_ADMIN_PASSWORD that breaks the password rule, saying why', async () => {
    await expect(start('admin123')).rejects.toThrow(/HUB_ADMIN_PASSWORD.*password rule/)
    // Nothing half-made: a later start with a good password still creates the admin.
    const { hub } = await start('Better#Pass9')
    expect((await signIn(hub, 'Better#Pass9')).code).toBe('2000')
  })

  it('removes the initial password file once the admin changes the password', async () => {
    const { hub } = await start()
    const token = (await signIn(hub, hub.bootstrapPassword!)).data!.token as string
    const answer = await post(hub, `/api/inner/platform${changePassword.path}`, { oldPassword: hub.bootstrapPassword, newPassword: 'Chosen#Pass1', confirmPassword: 'Chosen#Pass1' }, token)
    expect(answer.code).toBe('2000')
    await expect(stat(join(location.dataDir, 'initial-admin-password'))).rejects.toThrow()
    expect((await signIn(hub, 'Chosen#Pass1')).code).toBe('2000')
  })
})
