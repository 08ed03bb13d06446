/**
 * `read`, with the callers that come while it runs served together by one run after it. Never
 * by the run under way: that one may have started before a caller's own change committed.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null
  let queued: Promise<T> | null = null
  const run = () => {
    const current = read()
    running = current
    const done = () => {
      if (running === current) running = null
    }
    current.then(done, done)
    return current
  }
  return () => {
    if (!running) return run()
    queued ??= running.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      queued = null
      return run()
    })
    return queued
  }
}
