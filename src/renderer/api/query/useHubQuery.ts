import type { Endpoint, EndpointInput, EndpointOutput } from '../../../shared/endpoint'
import type { CallOptions } from '../hub'
import { callEndpoint } from './call'
import { useHubLoad, type Loaded, type LoadOptions } from './useHubLoad'

export type QueryOptions<T = unknown> = LoadOptions<T> & CallOptions

/**
 * One endpoint's answer for `input`, kept current: asked again when the input changes (compared by
 * value, so an inline object is fine), on `reload()`, and when a mutation invalidates the endpoint.
 * `quiet` as for callHub: the page shows failures itself, or they only offer choices. Without an
 * endpoint (a field whose definition names no source) nothing is asked, as with `enabled: false`.
 */
export function useHubQuery<E extends Endpoint>(endpoint: E | undefined, input: EndpointInput<E>, options: QueryOptions<EndpointOutput<E>> = {}): Loaded<EndpointOutput<E>> {
  const { quiet, enabled = true, ...load } = options
  return useHubLoad(endpoint ? [endpoint] : [], input, (round) => callEndpoint(endpoint as E, input, { quiet: quiet === true || round.background }), { ...load, enabled: enabled && endpoint !== undefined })
}
