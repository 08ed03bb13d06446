import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Conf from 'conf'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { alarmDb } from '../../../src/hub/alarms/tables'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import type { IpcEvent } from '../../../src/shared/ipc'
import { createConsoleServices, type ConsoleServices } from '../../../src/main/compose'
import type { ConsoleWindow } from '../../../src/main/services/consoleWindow'
import { INCIDENT_TOASTS_MAX } from '../../../src/main/services/incidentNotifications'
import { createTokenVault, type TokenVault } from '../../../src/main/services/tokenVault'
import { ADMIN_PASSWORD } from '../../support/hub'
import { noKeychain } from '../../support/noKeychain'
import { createSqliteLocation } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { drain, httpConsumer, openFlow, pushOk, startSink, type Sink } from '../runtime/support'

/**
 * The desktop notifications of new incidents (issue 15): the main-process services as the app
 * wires them (compose.ts), against a real hub on loopback whose consumers really fail. The only
 * stand-ins are Electron's: the Notification (what was shown, and a click on it) and the
 * BrowserWindow (minimised, hidden, focused).
 */
let b: Bench
let sink: Sink
let worker: DeliveryWorker
let hubUrl: string

beforeAll(async () => {
  b = await openBench({ name: 'sqlite', missing: null, create: createSqliteLocation })
  await b.hub.app.listen({ host: '127.0.0.1', port: 0 })
  hubUrl = `http://127.0.0.1:${(b.hub.app.server.address() as AddressInfo).port}`
  sink = await startSink()
  sink.on('/down', 503)
  worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} }, { retryUnitMs: 2 })
})
afterAll(async () => {
  await worker?.stop()
  await sink?.close()
  await b?.close()
})

/** Stand-in for Electron's Notification: each one shown, and its click. */
interface StandInNotification {
  title: string
  body: string
  click: () => void
}

/** Stand-in for the console's BrowserWindow. */
class StandInWindow implements ConsoleWindow {
  minimized = true
  visible = true
  focused = false
  isDestroyed = () => false
  isMinimized = () => this.minimized
  restore = () => void (this.minimized = false)
  isVisible = () => this.visible
  show = () => void (this.visible = true)
  focus = () => void (this.focused = true)
}

interface Console {
  services: ConsoleServices
  incidents: NonNullable<ConsoleServices['incidents']>
  vault: TokenVault
  shown: StandInNotification[]
  window: StandInWindow
  events: Array<{ event: IpcEvent; data: unknown }>
  hubCalls: string[]
}

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

async function openConsole(): Promise<Console> {
  const settingsDir = mkdtempSync(path.join(tmpdir(), 'dh-incident-settings-'))
  dirs.push(settingsDir)
  const shown: StandInNotification[] = []
  const window = new StandInWindow()
  const events: Console['events'] = []
  const vault = await createTokenVault({ keyring: noKeychain })
  const services = createConsoleServices({
    store: new Conf<Record<string, unknown>>({ cwd: settingsDir, configName: 'settings' }),
    vault,
    emit: (event, data) => events.push({ event, data }),
    embeddedHubUrl: async () => hubUrl,
    bootstrapPassword: async () => null,
    app: { version: 'test', platform: process.platform },
    osNotifications: { show: (n, onClick) => shown.push({ ...n, click: onClick }), window: () => window },
  })
  // Which hub calls the watch makes (the proxy is the only way out of the main process).
  const hubCalls: string[] = []
  const call = services.proxy.call
  services.proxy.call = (endpoint, input) => (hubCalls.push(endpoint), call(endpoint, input))
  const c = { services, incidents: services.incidents!, vault, shown, window, events, hubCalls }
  const signedIn = await services.handlers['hub.call']({ endpoint: 'platform.login', input: { username: 'admin', password: ADMIN_PASSWORD } })
  expect(signedIn.ok, signedIn.message).toBe(true)
  hubCalls.length = 0
  return c
}

/** A consumer whose target answers 503, with alarms on; resolves once its incident is open. */
async function failingConsumer(name: string): Promise<{ consumerId: string; incidentId: string }> {
  const flow = await openFlow(b, { consumers: [httpConsumer(`${sink.url}/down`, { applicationName: name, alarmStatus: '1' })] })
  const consumerId = flow.consumers[0]!.id
  await drain(b, worker, await pushOk(b, flow.topic.code, { order: name }))
  const incident = await vi.waitFor(
    async () => {
      await worker.tick()
      const row = await alarmDb(b.hub.store.db).selectFrom('dh_incidents').select('id').where('object_id', '=', consumerId).where('state', '=', 'open').executeTakeFirst()
      if (!row) throw new Error(`no incident for ${name} yet`)
      return row
    },
    { timeout: 20_000, interval: 20 },
  )
  return { consumerId, incidentId: incident.id }
}

describe('OS notifications of new incidents', () => {
  let c: Console
  beforeEach(async () => {
    c = await openConsole()
  })

  it('shows one notification per new incident in the user’s language, and a click opens the console on it', async () => {
    // The first look learns what is open already: no burst of old alarms at sign-in.
    expect(await c.incidents.poll()).toBe(0)
    expect(c.hubCalls).toEqual(['platform.alarm.incident.list'])
    const { incidentId } = await failingConsumer('Ledger sync')
    expect(await c.incidents.poll()).toBe(1)
    expect(c.shown.map(({ title, body }) => ({ title, body }))).toEqual([{ title: '新告警：Ledger sync', body: expect.stringMatching(/^消费者投递失败（重试用尽）（主题 topic\.[\w.]+）\n.*503/) as unknown }])
    // Seen once, shown once.
    expect(await c.incidents.poll()).toBe(0)
    expect(c.shown).toHaveLength(1)

    c.shown[0]!.click()
    expect(c.window).toMatchObject({ minimized: false, visible: true, focused: true })
    expect(c.events).toContainEqual({ event: 'incident.open', data: { id: incidentId } })

    c.services.settings.updateConsole({ locale: 'en' })
    await failingConsumer('Billing export')
    await c.incidents.poll()
    expect(c.shown[1]).toMatchObject({ title: 'New alarm: Billing export', body: expect.stringMatching(/^Consumer delivery failed \(attempts used up\) \(topic /) as unknown })
  })

  it('keeps watching on its own while the window stays minimised', async () => {
    c.incidents.start(50)
    try {
      // A second look has begun, so the first one has learnt what was open before the consumer fails.
      await vi.waitFor(() => expect(c.hubCalls.length).toBeGreaterThan(1), { timeout: 20_000 })
      await failingConsumer('Warehouse feed')
      await vi.waitFor(() => expect(c.shown.map((n) => n.title)).toContain('新告警：Warehouse feed'), { timeout: 20_000 })
    } finally {
      c.incidents.stop()
    }
    expect(c.window.minimized).toBe(true)
  })

  it('stays quiet and asks nothing while switched off, and does not replay what came meanwhile when switched on', async () => {
    await c.incidents.poll()
    await c.services.handlers['settings.update']({ incidentNotifications: false })
    const before = c.hubCalls.length
    await failingConsumer('Payroll')
    expect(await c.incidents.poll()).toBe(0)
    expect(c.hubCalls).toHaveLength(before)
    await c.services.handlers['settings.update']({ incidentNotifications: true })
    await c.incidents.poll()
    await failingConsumer('Payroll mirror')
    await c.incidents.poll()
    expect(c.shown.map((n) => n.title)).toEqual(['新告警：Payroll mirror'])
  })

  it('asks nothing once signed out', async () => {
    await c.incidents.poll()
    await c.services.handlers['hub.call']({ endpoint: 'platform.logout' })
    const before = c.hubCalls.length
    await failingConsumer('Audit trail')
    expect(await c.incidents.poll()).toBe(0)
    expect(c.hubCalls).toHaveLength(before)
    expect(c.shown).toEqual([])
  })

  it('sums up a burst of new incidents in one more notification, which opens the list', async () => {
    await c.incidents.poll()
    const names = ['Burst 1', 'Burst 2', 'Burst 3', 'Burst 4', 'Burst 5']
    for (const name of names) await failingConsumer(name)
    expect(await c.incidents.poll()).toBe(names.length)
    const individually = INCIDENT_TOASTS_MAX - 1
    expect(c.shown.map((n) => n.title)).toEqual([`另有 ${names.length - individually} 条新告警`, ...names.slice(-individually).map((n) => `新告警：${n}`)])
    c.shown[0]!.click()
    expect(c.events).toContainEqual({ event: 'incident.open', data: { id: null } })
  })
})
