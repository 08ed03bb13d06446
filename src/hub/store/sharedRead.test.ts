import { describe, expect, it } from 'vitest'
import { sharedRead } from './sharedRead'

/** A read whose runs the test ends by hand; each run answers the value current when it started. */
function controlledRead() {
  let value = 'v1'
  const runs: { started: string; end: () => void }[] = []
  const read = () =>
    new Promise<string>((resolve) => {
      const started = value
      runs.push({ started, end: () => resolve(started) })
    })
  return { read, runs, set: (v: string) => (value = v) }
}

describe('sharedRead', () => {
  it('serves callers that come during a run with one later run, never with the run under way', async () => {
    const c = controlledRead()
    const shared = sharedRead(c.read)
    const first = shared()
    c.set('v2') // a change committed while the first run is under way
    const second = shared()
    const third = shared()
    expect(c.runs.length).toBe(1)
    c.runs[0]!.end()
    expect(await first).toBe('v1')
    await new Promise((r) => setImmediate(r))
    // One more run for both late callers, started after they came.
    expect(c.runs.length).toBe(2)
    c.runs[1]!.end()
    expect(await second).toBe('v2')
    expect(await third).toBe('v2')
  })

  it('serves a caller that says when it began by a run started since, and by a fresh one otherwise', async () => {
    const c = controlledRead()
    const shared = sharedRead(c.read)
    const began = performance.now()
    const first = shared()
    // Began before that run started: it may serve them, under way or finished.
    const during = shared(began)
    expect(c.runs.length).toBe(1)
    c.runs[0]!.end()
    expect(await first).toBe('v1')
    expect(await during).toBe('v1')
    expect(await shared(began)).toBe('v1')
    expect(c.runs.length).toBe(1)
    // Began after it: a change committed in between must be seen, so a run of its own.
    c.set('v2')
    const later = shared(performance.now() + 1)
    expect(c.runs.length).toBe(2)
    c.runs[1]!.end()
    expect(await later).toBe('v2')
  })

  it('a failed run does not stop the callers queued behind it', async () => {
    let fail = true
    const shared = sharedRead(async () => {
      await new Promise((r) => setImmediate(r))
      if (fail) throw new Error('store away')
      return 'ok'
    })
    const first = shared()
    const second = shared()
    await expect(first).rejects.toThrow('store away')
    fail = false
    await expect(second).resolves.toBe('ok')
  })
})
