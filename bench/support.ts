/**
 * What the hub benches share (not a bench itself: scripts/bench.mjs runs only *.bench.*): a hub on
 * a temporary SQLite store with its admin signed in, and the timing of a hub path against its
 * baseline in the same process — alternated, so the noise of a shared machine falls on both — read
 * as medians and a ratio against the target.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildHub } from '../src/hub/app'
import { bootstrapAdmin } from '../src/hub/auth/bootstrap'
import type { HubConfig } from '../src/hub/config'
import { openStore, type Store } from '../src/hub/store'
import { login } from '../src/shared/contract/platform/session'
import { routePattern } from '../src/shared/endpoint'

export const BENCH_PASSWORD = 'Bench#Pass1'

export interface BenchHub {
  dataDir: string
  store: Store
  app: FastifyInstance
  config: HubConfig
  close(): Promise<void>
}

/** A fresh SQLite store with its bootstrap admin; `serve` builds the app (the whole hub unless given). */
export async function openBenchHub(serve?: (store: Store, config: HubConfig) => Promise<FastifyInstance>): Promise<BenchHub> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dh-bench-'))
  const store = await openStore({ dataDir })
  await bootstrapAdmin(store, { dataDir, adminPassword: BENCH_PASSWORD, log: () => {} })
  const config: HubConfig = { host: '127.0.0.1', port: 0, dataDir, databaseUrl: null, adminPassword: BENCH_PASSWORD, sessionHours: 1, sqliteBinding: null }
  const app = serve ? await serve(store, config) : await buildHub({ store, config, log: () => {} })
  return {
    dataDir,
    store,
    app,
    config,
    close: async () => {
      await app.close()
      await store.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** The admin's session token, signed in through the hub's login route as the console does. */
export async function adminToken(app: FastifyInstance): Promise<string> {
  const signIn = await app.inject({ method: 'POST', url: routePattern(login), payload: { username: 'admin', password: BENCH_PASSWORD } })
  return signIn.json().data.token as string
}

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/**
 * Times each path `runs` times, taking turns path by path after `warmUps` untimed rounds (JIT,
 * statement caches), and answers each path's median in ms. A path times itself (its checks of the
 * answer stay out of the figure).
 */
export async function timeInTurns<K extends string>(runs: number, warmUps: number, paths: Record<K, () => number | Promise<number>>): Promise<Record<K, number>> {
  const names = Object.keys(paths) as K[]
  for (let i = 0; i < warmUps; i++) for (const name of names) await paths[name]()
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>
  for (let i = 0; i < runs; i++) for (const name of names) times[name].push(await paths[name]())
  return Object.fromEntries(names.map((name) => [name, median(times[name])])) as Record<K, number>
}

/** How a bench line ends: the ratio of the hub to its baseline against the target. */
export function verdict(ratio: number, target: number): string {
  return `ratio ${ratio.toFixed(2)}× (target ≤ ${target.toFixed(2)}×) — ${ratio <= target ? 'within' : 'OVER'} target`
}
