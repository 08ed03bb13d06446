/**
 * What settings need from a store: electron-store in the app, `conf` (its pure-Node base) or
 * the memory store below in tests and the end-to-end harness.
 */
export interface KeyValueStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
}

/** A store that forgets everything when the process ends. */
export function createMemoryStore(initial: Record<string, unknown> = {}): KeyValueStore {
  const data = new Map<string, unknown>(Object.entries(structuredClone(initial)))
  return {
    get: (key) => structuredClone(data.get(key)),
    set: (key, value) => void data.set(key, structuredClone(value)),
    delete: (key) => void data.delete(key),
  }
}
