/**
 * `read`, with the callers that come while it runs served together by one run after it. Never
 * by the run under way: that one may have started before a caller's own change committed.
 *
 * A caller that says when it began (`since`, performance.now() time: an HTTP request's
 * arrival) is served by any run that started at or after then, under way or just finished:
 * such a run sees every change committed before the caller began. A push reads the versions
 * at its start and its answer's headers then need no read of their own.
 */
export function sharedRead<T>(read: () => Promise<T>): (since?: number) => Promise<T> {
  let running: { at: number; value: Promise<T> } | null = null
  let queued: Promise<T> | null = null
  let last: { at: number; value: Promise<T> } | null = null
  const run = () => {
    const current = { at: performance.now(), value: read() }
    running = current
    const done = (ok: boolean) => () => {
      if (running === current) running = null
      if (ok && (!last || last.at < current.at)) last = current
    }
    current.value.then(done(true), done(false))
    return current.value
  }
  return (since) => {
    if (since !== undefined) {
      if (running && running.at >= since) return running.value
      if (last && last.at >= since) return last.value
    }
    if (!running) return run()
    queued ??= running.value.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      queued = null
      return run()
    })
    return queued
  }
}
