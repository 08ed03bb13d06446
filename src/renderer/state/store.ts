import { useSyncExternalStore } from 'react'

/**
 * A minimal external store: module-level state that both React (through `useStore`) and plain
 * modules (the hub client, the behaviour tracker) can read and change. Enough for a handful of
 * app-wide facts (session, preferences, reference data) without a state library.
 */
export interface Store<T> {
  get(): T
  set(next: Partial<T> | ((s: T) => T)): void
  subscribe(listener: () => void): () => void
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set(next) {
      state = typeof next === 'function' ? next(state) : { ...state, ...next }
      for (const l of [...listeners]) l()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** Subscribe a component to one slice; the selector must return existing references, not new objects. */
export function useStore<T, S>(store: Store<T>, selector: (s: T) => S): S {
  return useSyncExternalStore(store.subscribe, () => selector(store.get()), () => selector(store.get()))
}
