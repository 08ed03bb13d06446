import { afterEach, expect, it } from 'vitest'
import { runCrashScenario } from '../../support/crashScenario'
import { killHubClis } from '../../support/hubCli'

/** Slots of the one consumer: the most deliveries a kill can catch between send and record. */
const SLOTS = 8
const SENDERS = 8
/**
 * The stream is 10,000 messages: the bench runs that, and DH_CRASH_MESSAGES=10000 runs it
 * here (~35 s alone on these two cores). CI runs 5,000 (~20 s) to keep the whole suite well under
 * its time limit; they cross the kill the same way: thousands acknowledged before it, a backlog
 * and every slot in flight at it, thousands more after the restart.
 */
const MESSAGES = Number(process.env.DH_CRASH_MESSAGES ?? 5_000)

afterEach(() => killHubClis())

it(`kill -9 during a stream of ${MESSAGES} messages: every acknowledged message is delivered, duplicates only among those in flight`, async () => {
  const run = await runCrashScenario({
    messages: MESSAGES,
    senders: SENDERS,
    killAfterAcks: Math.round(MESSAGES * 0.4),
    // A short lease so deliveries the dead hub held are taken again within seconds (the
    // default, 10 minutes, suits a hub that may be slow, not a test); the try's timeout stays below it.
    runtime: { pollMs: 50, perConsumer: SLOTS, maxInFlight: SLOTS, leaseMs: 2_000, deliveryTimeoutMs: 1_500 },
    sinkDelayMs: 2,
    // A guard against a hang, sized for a loaded two-core machine (npm run test:stress), not a speed check.
    timeoutMs: MESSAGES * 30,
  })
  const context = `acked ${run.acked.size}, unanswered ${run.unanswered.size}, held at kill ${run.heldAtKill.size}\n${run.output.slice(-3000)}`

  expect(run.refused, context).toEqual([])
  // Only the pushes on the wire when the hub died went unanswered: one per sender at most.
  expect(run.unanswered.size, context).toBeLessThanOrEqual(SENDERS)
  expect(run.acked.size + run.unanswered.size).toBe(MESSAGES)
  // The kill caught deliveries between claim and record, so the restart had something to take over.
  expect(run.heldAtKill.size, context).toBeGreaterThan(0)
  expect(run.heldAtKill.size).toBeLessThanOrEqual(SLOTS)

  const lost = [...run.acked].filter((seq) => !run.received.has(seq))
  expect(lost, context).toEqual([])
  // What the dead hub held was taken again after the restart (its lease had run out).
  expect([...run.heldAtKill].filter((seq) => !run.received.has(seq))).toEqual([])
  // The sink saw nothing the senders did not push; an unanswered push may or may not have landed.
  const unknown = [...run.received.keys()].filter((seq) => !run.acked.has(seq) && !run.unanswered.has(seq))
  expect(unknown).toEqual([])
  // A duplicate is a delivery the dead hub had sent but not recorded: it held it at the kill.
  const duplicated = [...run.received].filter(([, n]) => n > 1)
  expect(duplicated.length).toBeLessThanOrEqual(SLOTS)
  for (const [seq, n] of duplicated) {
    expect(n, `message ${seq}`).toBe(2)
    expect(run.heldAtKill.has(seq), `message ${seq} came twice but was not in flight at the kill`).toBe(true)
  }
}, MESSAGES * 36)
