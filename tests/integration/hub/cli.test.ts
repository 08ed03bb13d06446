import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { killHubClis, listeningUrl, runHubCli as runCli } from '../../support/hubCli'
import { createSqliteLocation, type StoreLocation } from '../../support/stores'

describe('npm run hub', () => {
  let location: StoreLocation
  beforeEach(async () => {
    location = await createSqliteLocation()
  })
  afterEach(async () => {
    killHubClis()
    await location.cleanup()
  })

  it('prints the URL and the initial password, serves, and stops cleanly on SIGTERM', async () => {
    const hub = runCli(['--data-dir', location.dataDir, '--port', '0'])
    const password = (await hub.waitFor(/initial password: (\S+)/))[1]
    const url = await listeningUrl(hub)
    const health = await (await fetch(`${url}/api/health`)).json()
    expect(health).toMatchObject({ code: '2000', data: { store: 'sqlite' } })
    const signIn = await fetch(`${url}/api/inner/platform/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) })
    expect((await signIn.json()).code).toBe('2000')
    hub.child.kill('SIGTERM')
    expect(await hub.exited).toBe(0)
  })

  it('explains a bad setting in one line and exits with status 2', async () => {
    const hub = runCli(['--port', 'eighty'])
    expect(await hub.exited).toBe(2)
    expect(hub.output().trim()).toBe("error: --port / HUB_PORT must be a whole number from 0 to 65535 (0 picks a free port), got 'eighty'")
  })
})
