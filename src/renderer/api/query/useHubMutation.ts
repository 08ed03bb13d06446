import { useCallback, useEffect, useRef, useState } from 'react'
import type { Endpoint, EndpointInput, EndpointOutput } from '../../../shared/endpoint'
import type { CallOptions, CallResult } from '../hub'
import { callEndpoint } from './call'
import { invalidate } from './invalidation'

export interface MutationOptions extends CallOptions {
  /** The endpoints whose mounted queries are stale once this call succeeds. */
  invalidates?: readonly Endpoint[]
}

/**
 * A call that changes something: `run(input)` resolves to callHub's result (the page decides what
 * a success or a refusal shows), `pending` while it is on its way, and on success every query of
 * the `invalidates` endpoints asks again.
 */
export function useHubMutation<E extends Endpoint>(endpoint: E, options: MutationOptions = {}) {
  const [pending, setPending] = useState(false)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const optionsRef = useRef(options)
  optionsRef.current = options

  const run = useCallback(
    async (input: EndpointInput<E>): Promise<CallResult<EndpointOutput<E>>> => {
      const { invalidates = [], quiet } = optionsRef.current
      setPending(true)
      const r = await callEndpoint(endpoint, input, { quiet })
      if (mounted.current) setPending(false)
      if (r.ok) invalidate(...invalidates)
      return r
    },
    [endpoint],
  )
  return { run, pending }
}
