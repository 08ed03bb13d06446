/**
 * Crash safety of the exchange runtime, as one scenario for the test and the bench: a hub run
 * as `npm run hub` (its own Node process, SQLite in a temp data dir) takes a stream of small
 * messages from a handful of senders and delivers them over HTTP to a loopback sink; part-way it
 * is killed with SIGKILL (no shutdown, no handing back) and started again on the same data dir,
 * and the senders go on. The scenario records what senders were told and what the sink got;
 * callers judge it. No vitest here, so the bench can run it too.
 */
import { Agent, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { authenticationCreate } from '../../src/shared/contract/datahub/authentication'
import * as consumer from '../../src/shared/contract/datahub/consumer'
import * as producer from '../../src/shared/contract/datahub/producer'
import { producerServerApi } from '../../src/shared/contract/datahub/runtime'
import * as topic from '../../src/shared/contract/datahub/topic'
import { login } from '../../src/shared/contract/platform/session'
import { routePattern, type Endpoint } from '../../src/shared/endpoint'
import type { TunableSettings } from '../../src/hub/runtime/settingsText'
import { listeningUrl, runHubCli, type HubCli } from './hubCli'

export interface CrashPlan {
  messages: number
  senders: number
  /** SIGKILL once this many pushes were acknowledged. */
  killAfterAcks: number
  /** The hub's HUB_RUNTIME (its lease decides how soon deliveries held at the kill are taken again). */
  runtime: TunableSettings
  /** How long the sink takes to answer each delivery (a real consumer is not instant). */
  sinkDelayMs: number
  /** Gives up waiting for the sink after this long. */
  timeoutMs: number
}

export interface CrashRun {
  /** Message numbers the hub answered with HTTP 2xx and code 2000. */
  acked: Set<number>
  /** Message numbers whose push got no answer: in flight when the hub was killed. */
  unanswered: Set<number>
  /** Pushes the hub answered with a refusal (none expected). */
  refused: string[]
  /** How many times the sink received each message number. */
  received: Map<number, number>
  /** Message numbers whose delivery the killed hub held (status delivering) when it died. */
  heldAtKill: Set<number>
  /** From the SIGKILL until the restarted hub listened. */
  downMs: number
  /** From the restarted hub listening until every delivery the killed hub held had been sent again. */
  retakenMs: number
  /** From the restarted hub listening until every message acked before the kill was at the sink. */
  recoveryMs: number
  /** From the first push until the last push was answered. */
  sentMs: number
  /** From the first push until the sink had every acked message. */
  totalMs: number
  /** Both hubs' output, for a failing test to show. */
  output: string
}

/** The admin password the scenario's hubs start with (HUB_ADMIN_PASSWORD). */
export const PASSWORD = 'Crash#Pass1'
const TOKEN = { header: 'X-Api-Token', value: 'crash-token' }

/** The sink: counts deliveries per message number (the pushed data is {seq}) and says when one first arrives. */
async function countingSink(delayMs: number, arrived: (seq: number) => void) {
  const received = new Map<number, number>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const { seq } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { seq: number }
      const seen = received.get(seq) ?? 0
      received.set(seq, seen + 1)
      if (seen === 0) arrived(seq)
      setTimeout(() => res.writeHead(200).end('ok'), delayMs)
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`,
    received,
    close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))),
  }
}

/**
 * One push over node:http with a keep-alive agent (fetch costs this process several times the
 * CPU, and it shares two cores with the hub); null when no answer came (the hub died).
 */
function pushJson(agent: Agent, url: string, body: unknown): Promise<{ status: number; code?: string; message?: string } | null> {
  const text = JSON.stringify(body)
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), [TOKEN.header]: TOKEN.value } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, ...(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: string; message?: string }) })
        } catch {
          resolve(null)
        }
      })
      res.on('error', () => resolve(null))
    })
    req.on('error', () => resolve(null))
    req.end(text)
  })
}

/** An administrator's calls over HTTP, as the console's proxy makes them (a hub started with PASSWORD). */
export async function adminOf(url: string) {
  const post = async <T>(e: Endpoint, body: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${url}${routePattern(e)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    const answer = (await response.json()) as { code: string; message: string; data: T }
    if (answer.code !== '2000') throw new Error(`${e.id}: ${answer.code} ${answer.message}`)
    return answer.data
  }
  const { token } = await post<{ token: string }>(login, { username: 'admin', password: PASSWORD })
  return <T>(e: Endpoint, body: unknown) => post<T>(e, body, token)
}

/** A topic whose serverApi producer wants a static token, and one http consumer to the sink. */
async function openFlow(url: string, sinkUrl: string): Promise<string> {
  const ok = await adminOf(url)
  await ok(authenticationCreate, { appCode: 'crm', authenName: 'crash-key', authenType: '1', tokenKey: TOKEN.header, tokenValue: TOKEN.value })
  const t = await ok<{ code: string }>(topic.topicCreate, { code: 'crash.safety', name: 'Crash safety', dataFormat: 'json' })
  const auth = { display: '1', appCode: 'crm', selectedAuth: 'crash-key' }
  const p = await ok<{ id: string }>(producer.producerCreate, { topicCode: t.code, appCode: 'crm', productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi', authorization: auth } })
  await ok(producer.producerDisableOrEnable, { id: p.id })
  const c = await ok<{ id: string }>(consumer.consumerCreate, { topicCode: t.code, applicationCode: 'erp', dataConsumeType: 'http', httpRequestInfoModel: { requestUri: sinkUrl, requestMethod: 'POST', authenStatus: '0' } })
  await ok(consumer.consumerStatus, { id: c.id })
  return t.code
}

/** What the killed hub left held: read from its SQLite file before anything else opens it. */
function heldDeliveries(dataDir: string): Set<number> {
  const db = new Database(join(dataDir, 'hub.sqlite'))
  try {
    const rows = db
      .prepare("select m.payload as payload from dh_deliveries d join dh_messages m on m.id = d.message_id where d.status = 'delivering'")
      .all() as { payload: string }[]
    return new Set(rows.map((r) => (JSON.parse(r.payload) as { seq: number }).seq))
  } finally {
    db.close()
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function runCrashScenario(plan: CrashPlan): Promise<CrashRun> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dh-crash-'))
  // Acknowledged messages the sink has not had yet; and of those, the ones acknowledged before the kill.
  const awaited = new Set<number>()
  const awaitedAtKill = new Set<number>()
  const sink = await countingSink(plan.sinkDelayMs, (seq) => {
    awaited.delete(seq)
    awaitedAtKill.delete(seq)
  })
  const agent = new Agent({ keepAlive: true, maxSockets: plan.senders })
  // The sink is on loopback, which the hub calls only with the operator's switch on.
  const env = { HUB_ADMIN_PASSWORD: PASSWORD, HUB_RUNTIME: JSON.stringify(plan.runtime), HUB_ALLOW_PRIVATE_WSDL: 'on' }
  const args = ['--data-dir', dataDir, '--port', '0']
  const hubs: HubCli[] = [runHubCli(args, env)]
  const output = () => hubs.map((h, i) => `--- hub ${i + 1}\n${h.output()}`).join('\n')
  try {
    let url = await listeningUrl(hubs[0]!)
    const topicCode = await openFlow(url, sink.url)

    const acked = new Set<number>()
    const unanswered = new Set<number>()
    const refused: string[] = []
    let heldAtKill = new Set<number>()
    let recovered: Promise<number> = Promise.resolve(0)
    let retaken: Promise<number> = Promise.resolve(0)
    let downMs = 0
    // Senders wait on this while the hub is down, as an application would retry later.
    let up: Promise<void> = Promise.resolve()
    const started = Date.now()
    const deadline = started + plan.timeoutMs
    const until = async (done: () => boolean) => {
      while (!done() && Date.now() < deadline) await sleep(5)
    }
    let crash: Promise<void> | null = null

    const killAndRestart = async () => {
      let reopen: () => void = () => {}
      up = new Promise<void>((r) => (reopen = r))
      const dying = hubs[0]!
      const killedAt = Date.now()
      dying.child.kill('SIGKILL')
      await dying.exited
      for (const seq of awaited) awaitedAtKill.add(seq)
      heldAtKill = heldDeliveries(dataDir)
      // A held delivery is sent again once the sink has it once more than at the kill.
      const before = new Map([...heldAtKill].map((seq) => [seq, sink.received.get(seq) ?? 0]))
      const next = runHubCli(args, env)
      hubs.push(next)
      url = await listeningUrl(next)
      const restartedAt = Date.now()
      downMs = restartedAt - killedAt
      reopen()
      recovered = until(() => awaitedAtKill.size === 0).then(() => Date.now() - restartedAt)
      retaken = until(() => [...before].every(([seq, n]) => (sink.received.get(seq) ?? 0) > n)).then(() => Date.now() - restartedAt)
    }

    let next = 0
    const send = async () => {
      for (;;) {
        await up
        if (next >= plan.messages) return
        const seq = next++
        const answer = await pushJson(agent, `${url}${routePattern(producerServerApi)}`, { topicCode, data: { seq } })
        if (!answer) unanswered.add(seq)
        else if (answer.status >= 200 && answer.status < 300 && answer.code === '2000') {
          acked.add(seq)
          if (!sink.received.has(seq)) awaited.add(seq)
        } else refused.push(`${seq}: HTTP ${answer.status} ${answer.code} ${answer.message}`)
        if (acked.size === plan.killAfterAcks && !crash) crash = killAndRestart()
      }
    }
    await Promise.all(Array.from({ length: plan.senders }, send))
    await crash
    const sentMs = Date.now() - started
    const recoveryMs = await recovered
    const retakenMs = await retaken
    await until(() => awaited.size === 0)
    const totalMs = Date.now() - started
    // Anything still to come (a message pushed but never answered) has had the time it needs.
    await sleep(plan.runtime.pollMs ?? 100)
    return { acked, unanswered, refused, received: new Map(sink.received), heldAtKill, downMs, retakenMs, recoveryMs, sentMs, totalMs, output: output() }
  } finally {
    agent.destroy()
    for (const h of hubs) if (h.child.exitCode === null && h.child.signalCode === null) h.child.kill('SIGTERM')
    await Promise.all(hubs.map((h) => h.exited))
    await sink.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
