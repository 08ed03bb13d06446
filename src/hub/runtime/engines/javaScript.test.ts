import { describe, expect, it } from 'vitest'
import { longestStall, stallBudget } from '../../../../tests/support/eventLoop'
import { eventually } from '../../../../tests/support/eventually'
import { runJavaScript } from './javaScript'
import { EngineError } from './payload'
import { scriptLoad, warmScriptWorkers } from './scriptPool'
import { DEFAULT_SCRIPT_LIMITS } from './scriptLimits'

const json = (v: unknown) => ({ text: JSON.stringify(v), format: 'json' as const })

describe('JavaScript in worker threads', () => {
  it('leaves this thread free while a script runs to its 1 s limit, and stops it there', async () => {
    // The first call starts a worker; the figures below are about running, not starting.
    expect(await runJavaScript('return data.n + 1', json({ n: 1 }))).toBe(2)
    const budget = await stallBudget()
    const started = Date.now()
    const endless = runJavaScript('while (true) {}', json({}), DEFAULT_SCRIPT_LIMITS)
    const stall = await longestStall(endless)
    await expect(endless).rejects.toThrow(new EngineError('JavaScript stopped: it ran longer than 1000 ms'))
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(stall).toBeLessThan(budget)
  })

  it('runs another script meanwhile: one at its limit holds up no other', async () => {
    // Two workers up (a topic may hold two at least), so no start-up time below.
    await warmScriptWorkers(2)
    let endlessOver = false
    const endless = runJavaScript('while (true) {}', json({}), { ...DEFAULT_SCRIPT_LIMITS, timeoutMs: 1500 })
    void endless.catch(() => (endlessOver = true))
    // It holds a worker before the other asks for one.
    await eventually(() => scriptLoad().get('')?.running ?? 0, (running) => running === 1, 'the endless script in its worker')
    expect(await runJavaScript('data.items.map((i) => i * 2)', json({ items: [1, 2] }))).toEqual([2, 4])
    expect(endlessOver).toBe(false)
    await expect(endless).rejects.toThrow(/longer than 1500 ms/)
  })

  it('keeps the error of the script itself, with the line of the operator\'s code it stopped at', async () => {
    await expect(runJavaScript('throw new TypeError("no id")', json({}))).rejects.toThrow(new EngineError('JavaScript failed at line 1: TypeError: no id', 1))
    // A script with `return` is wrapped in a function: the line is still the operator's.
    const failed = await runJavaScript('const a = data.a\n\nreturn a.b.c', json({ a: {} })).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(EngineError)
    expect(failed).toMatchObject({ line: 3, message: expect.stringMatching(/^JavaScript failed at line 3: TypeError/) })
  })
})
