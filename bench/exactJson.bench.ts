/**
 * What keeping a message's numbers costs the hub per message (issue 32: the lossless path may
 * cost at most 10% of the throughput): the JSON work a push does on its data — the body read
 * (parseExact: http/jsonBody.ts) and the
 * message's text written again (stringifyExact: accept/ingress.ts) — against today's plain
 * JSON.parse and JSON.stringify of the same text, in one process, for two 1 KB bodies:
 * - the exchange bench's body (no number JSON.parse would change: the common message), and
 * - an order list with 64-bit ids and 30-digit amounts (every number taken by lossless-json).
 * Printed: each path's messages/s, the ratio lossless ÷ plain, and the extra µs per message,
 * which set beside the hub's CPU per message (the exchange bench's `cpu ms/msg`) is its share of
 * the throughput. The hub-level figure is the exchange bench's `exact` row (BENCH_ROWS=sqlite,exact).
 *
 *   node --import tsx bench/exactJson.bench.ts      BENCH_ROUNDS=N (default 10,000 per run)
 */
import { performance } from 'node:perf_hooks'
import { parseExact, stringifyExact } from '../src/hub/runtime/json/exact'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10_000)
const RUNS = 5

const plainBody = JSON.stringify({ topicCode: 'bench.exchange', data: { order: 'x'.repeat(1000 - 13) } })
const order = (i: number) => `{"id":${9007199254740993n + BigInt(i)},"amount":12345678901234567890.${String(123456789 + i)},"qty":${i % 7},"sku":"SKU-${i}"}`
const bigBody = `{"topicCode":"bench.exchange","data":[${Array.from({ length: 11 }, (_, i) => order(i)).join(',')}]}`

/** Today's path: the body parsed by JSON.parse, the data written by JSON.stringify. */
function plain(text: string): number {
  const body = JSON.parse(text) as { data: unknown }
  return JSON.stringify(body.data).length
}

/**
 * The lossless path as the hub runs it: parseExact (the native parser for text without a number
 * it would change, else lossless-json — the push's body parser does just this when the text
 * cannot poison a prototype), then stringifyExact.
 */
function lossless(text: string): number {
  const body = parseExact(text) as { data: unknown }
  return stringifyExact(body.data).length
}

/** Messages per second of one run of ROUNDS. */
function once(work: (text: string) => number, text: string): number {
  let sink = 0
  const started = performance.now()
  for (let i = 0; i < ROUNDS; i++) sink += work(text)
  if (sink === 0) throw new Error('nothing measured')
  return ROUNDS / ((performance.now() - started) / 1000)
}

/** Both paths, runs taken in turn (a busy machine's pauses fall on both alike), the best of RUNS each after one warm-up run. */
function rates(text: string): { today: number; exact: number } {
  once(plain, text)
  once(lossless, text)
  let today = 0
  let exact = 0
  for (let run = 0; run < RUNS; run++) {
    today = Math.max(today, once(plain, text))
    exact = Math.max(exact, once(lossless, text))
  }
  return { today, exact }
}

function main(): void {
  console.log(`exact JSON: a push's data read and written again, ${ROUNDS} messages per run, best of ${RUNS} runs taken in turn, one process`)
  for (const [name, text] of [
    ['1 KB, no number JSON.parse would change (exchange bench body)', plainBody],
    ['1 KB, 11 orders with 64-bit ids and 30-digit amounts', bigBody],
  ] as const) {
    const { today, exact } = rates(text)
    console.log(`  ${name.padEnd(64)} plain ${today.toFixed(0).padStart(7)} msg/s  lossless ${exact.toFixed(0).padStart(7)} msg/s  ratio ${(exact / today).toFixed(2)}  extra ${((1 / exact - 1 / today) * 1e6).toFixed(1)} µs/msg`)
  }
}

main()
