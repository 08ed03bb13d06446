import type { Endpoint } from '../../../shared/endpoint'

/**
 * Which mounted queries read which endpoint, so that a change can name what it made stale
 * ("after saving a user, the user list") instead of each page keeping a reload counter.
 * Module-level on purpose: a dialog's save refreshes a list in another component.
 */
const readers = new Map<string, Set<() => void>>()

/** Registers a query's refetch under the endpoints it reads; returns the unregister. */
export function watchEndpoints(endpointIds: readonly string[], refetch: () => void): () => void {
  for (const id of endpointIds) {
    let set = readers.get(id)
    if (!set) readers.set(id, (set = new Set()))
    set.add(refetch)
  }
  return () => {
    for (const id of endpointIds) {
      const set = readers.get(id)
      set?.delete(refetch)
      if (set?.size === 0) readers.delete(id)
    }
  }
}

/** Refetches every mounted query that reads one of these endpoints (whatever its parameters). */
export function invalidate(...endpoints: readonly Endpoint[]): void {
  invalidateIds(endpoints.map((e) => e.id))
}

/** invalidate by endpoint ids (the hub client names a few without importing their contract). */
export function invalidateIds(ids: readonly string[]): void {
  const due = new Set<() => void>()
  for (const id of ids) for (const refetch of readers.get(id) ?? []) due.add(refetch)
  // A query reading two of them refetches once.
  for (const refetch of due) refetch()
}
