import type { Endpoint, EndpointInput, EndpointOutput } from '../../../shared/endpoint'
import { callHub, type CallOptions, type CallResult } from '../hub'

/**
 * callHub with the input as a plain argument: the hooks hold an endpoint generically, where
 * TypeScript cannot pick callHub's "input may be left out" overload.
 */
export const callEndpoint = <E extends Endpoint>(endpoint: E, input: EndpointInput<E>, options: CallOptions): Promise<CallResult<EndpointOutput<E>>> =>
  (callHub as (e: E, i: unknown, o: CallOptions) => Promise<CallResult<EndpointOutput<E>>>)(endpoint, input, options)
