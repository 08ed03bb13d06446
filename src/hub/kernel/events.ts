/**
 * Typed events (issue 34 item 2): an area that does work announces it, and the areas that react
 * subscribe, so the one doing the work does not know (or import) its observers. The runtime
 * announces ended tries and runs and refused pushes; the alarms listen (alarms/subscribe.ts).
 *
 * `E` maps each event's name to what it carries; the area that emits declares its map and its bus
 * (runtime/events.ts), so the kernel names no area's types.
 */
export type Handler<T> = (event: T) => void | Promise<void>

export interface EventBus<E> {
  /** Adds a handler of `name`; returns what removes it. */
  on<K extends keyof E>(name: K, handler: Handler<E[K]>): () => void
  /**
   * Calls every handler of `name` at once (a handler that does not wait runs to its end before
   * emit returns: cheap work on a hot path stays synchronous), then waits for all of them. One
   * handler's failure does not stop the others; emit then rejects with the first failure, for
   * the emitter to log: a listener never fails the work it hears about.
   */
  emit<K extends keyof E>(name: K, event: E[K]): Promise<void>
}

export function createEventBus<E>(): EventBus<E> {
  const handlers = new Map<keyof E, Set<Handler<never>>>()
  return {
    on(name, handler) {
      let set = handlers.get(name)
      if (!set) handlers.set(name, (set = new Set()))
      set.add(handler as Handler<never>)
      return () => void set.delete(handler as Handler<never>)
    },
    async emit(name, event) {
      const called = [...(handlers.get(name) ?? [])].map((handler) => {
        try {
          return Promise.resolve((handler as Handler<typeof event>)(event))
        } catch (err) {
          return Promise.reject(err)
        }
      })
      const failed = (await Promise.allSettled(called)).find((r): r is PromiseRejectedResult => r.status === 'rejected')
      if (failed) throw failed.reason
    },
  }
}
