import { useCallback, useEffect, useRef, useState } from 'react'
import type { Endpoint } from '../../../shared/endpoint'
import type { CallResult } from '../hub'
import { useAutoRefresh } from './autoRefresh'
import { watchEndpoints } from './invalidation'

export type HubFailure = Extract<CallResult<unknown>, { ok: false }>

export interface LoadOptions<T = unknown> {
  /** false: no call; data and error are cleared (a chooser without its application, a closed dialog). */
  enabled?: boolean
  /**
   * true (default): while new parameters load, and after a failure, the last answer stays (a list
   * keeps its rows while the next page comes). false: new parameters start from nothing.
   */
  keepPrevious?: boolean
  /**
   * Each successful answer for the current parameters, as it arrives: where the answer seeds what
   * the user then edits (ticked roles, granted menus, a record's form), not just what is shown.
   */
  onLoaded?: (data: T) => void
  /** Each failure for the current parameters (after the error policy): an editor that closes when its record cannot load. */
  onFailed?: (failure: HubFailure) => void
  /**
   * Asks again in the background every so many ms (AUTO_REFRESH_MS on lists whose data changes
   * underneath): no loading state, no toast on failure, the rows stay until the answer replaces
   * them. Skipped while `paused` or while the user is busy (autoRefresh.ts).
   */
  refreshEvery?: number
  /** The page's reason to hold the background refresh: rows picked, its dialog open. */
  paused?: boolean
}

/** What a load is asked for: `background` for an auto-refresh round (quiet, see refreshEvery). */
export interface LoadRound {
  background: boolean
}

export interface Loaded<T> {
  /** The last successful answer (see keepPrevious); undefined before the first. */
  data: T | undefined
  /** The last answer's failure, already shown by the error policy (callHub); cleared by a success. */
  error: HubFailure | undefined
  /** A call for the current parameters is on its way. */
  loading: boolean
  /** Asks again with the same parameters. */
  reload: () => void
}

interface State<T> {
  data?: T
  error?: HubFailure
  loading: boolean
}

/**
 * The one loading loop of the console, under useHubQuery; used directly where one answer needs
 * several calls (a licence and its state, a message and its topic's consumers).
 *
 * - `params` (JSON-serialised) and the `endpoints` read are the query's key: new parameters ask
 *   again, and an answer to older parameters, or arriving after unmount, is dropped — the page
 *   never shows a list for a filter it no longer has.
 * - `invalidate(endpoint)` (after a mutation) asks again every mounted load reading it.
 * - Errors are not handled here: callHub already applied the error policy (toast, session end,
 *   licence page) exactly once per call; `error` is only for pages that show it in place.
 */
export function useHubLoad<T>(endpoints: readonly Endpoint[], params: unknown, load: (round: LoadRound) => Promise<CallResult<T>>, options: LoadOptions<T> = {}): Loaded<T> {
  const { enabled = true, keepPrevious = true } = options
  const [state, setState] = useState<State<T>>({ loading: enabled })
  // Each reload or invalidation is a new round of the same key.
  const [round, setRound] = useState(0)
  const reload = useCallback(() => setRound((n) => n + 1), [])
  // Set just before the round it marks: the effect reads and clears it.
  const background = useRef(false)
  const refreshQuietly = useCallback(() => {
    background.current = true
    setRound((n) => n + 1)
  }, [])
  // The latest closure: callers pass an inline function, the key says when to call it.
  const loadRef = useRef(load)
  loadRef.current = load
  const handlers = useRef(options)
  handlers.current = options
  const ids = endpoints.map((e) => e.id).join(' ')
  const key = `${ids} ${JSON.stringify(params ?? null)}`

  useEffect(() => {
    if (!enabled) {
      setState({ loading: false })
      return
    }
    let live = true
    const quietly = background.current
    background.current = false
    if (!quietly) setState((s) => (keepPrevious ? { ...s, loading: true } : { loading: true }))
    void loadRef.current({ background: quietly }).then((r) => {
      if (!live) return
      // A failed background round changes nothing shown: the last answer stays, as does its state.
      if (!r.ok && quietly) return
      setState((s) => (r.ok ? { data: r.data, loading: false } : { data: s.data, error: r, loading: false }))
      if (r.ok) handlers.current.onLoaded?.(r.data)
      else handlers.current.onFailed?.(r)
    })
    return () => {
      live = false
    }
    // keepPrevious is how to start, not what to load.
  }, [key, enabled, round])

  useEffect(() => watchEndpoints(endpoints.length ? ids.split(' ') : [], reload), [ids, reload])
  useAutoRefresh(refreshQuietly, enabled ? options.refreshEvery : undefined, options.paused === true || state.loading)

  return { data: state.data, error: state.error, loading: state.loading, reload }
}
