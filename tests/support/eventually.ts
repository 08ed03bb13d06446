import { inspect } from 'node:util'

/**
 * Waits for a state, not for a time: reads `read` again and again (every `intervalMs`) until `ok`
 * holds for what it gave, and resolves with that value. A fixed sleep before checking that
 * something happened fails on a machine slow enough; this waits as long as the machine needs.
 * `timeoutMs` guards against a hang, sized for a loaded two-core machine, and is not a speed
 * check: past it, it throws, naming `what` and the last value read.
 */
export async function eventually<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, what: string, { timeoutMs = 20_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number } = {}): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last read: ${inspect(value, { depth: 3, maxArrayLength: 10, breakLength: Infinity }).slice(0, 500)}`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}
