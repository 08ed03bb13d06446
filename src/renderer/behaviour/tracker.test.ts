// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import type { BehaviourEvent } from '../../shared/contract/platform/startup'
import { BehaviourTracker, type SendBatch } from './tracker'

function setup(canSend = true, answer: { ok: boolean; code?: string } = { ok: true }) {
  const batches: BehaviourEvent[][] = []
  const send = vi.fn<SendBatch>(async (events) => {
    batches.push(events)
    return answer
  })
  let allowed = canSend
  const tracker = new BehaviourTracker({ send, canSend: () => allowed })
  return { tracker, batches, send, allow: () => (allowed = true) }
}
const tick = () => new Promise((r) => setTimeout(r, 0))

describe('behaviour batching', () => {
  it('pushes nothing below 20 events, then exactly one batch of 20', async () => {
    const { tracker, batches } = setup()
    for (let i = 0; i < 19; i++) tracker.track({ type: 'pageview', info: `/p${i}` })
    await tick()
    expect(batches).toHaveLength(0)
    tracker.track({ type: 'click', info: 'nav' })
    await tick()
    expect(batches).toHaveLength(1)
    expect(batches[0]).toHaveLength(20)
    expect(tracker.pending).toBe(0)
    expect(batches[0]![0]).toMatchObject({ type: 'pageview', info: '/p0' })
    expect(batches[0]![0]!.time).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('keeps events while signed out and sends them once a session exists', async () => {
    const { tracker, batches, allow } = setup(false)
    for (let i = 0; i < 25; i++) tracker.track({ type: 'pageview' })
    await tick()
    expect(batches).toHaveLength(0)
    allow()
    await tracker.flush()
    expect(batches.map((b) => b.length)).toEqual([20, 5])
  })

  it("drops a batch the hub refuses with code 4000, silently", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { tracker, batches } = setup(true, { ok: false, code: '4000' })
    for (let i = 0; i < 20; i++) tracker.track({ type: 'pageview' })
    await tick()
    expect(batches).toHaveLength(1)
    expect(tracker.pending).toBe(0)
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
  })

  it('clips fields to the endpoint limits and caps the queue at 100', async () => {
    const sent: BehaviourEvent[] = []
    const clipped = new BehaviourTracker({ send: async (e) => (sent.push(...e), { ok: true }), canSend: () => true, batchSize: 1 })
    clipped.track({ type: 'error', info: 'x'.repeat(5000), err: 'y'.repeat(9000), url: 'u'.repeat(3000), vm: 'v'.repeat(300) })
    await tick()
    expect([sent[0]!.info!.length, sent[0]!.err!.length, sent[0]!.url!.length, sent[0]!.vm!.length]).toEqual([2000, 8000, 2000, 200])

    const { tracker } = setup(false)
    for (let i = 0; i < 150; i++) tracker.track({ type: 'pageview', info: String(i) })
    expect(tracker.pending).toBe(100)
  })
})
