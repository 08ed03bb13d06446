import type { HubWsdl } from './shape'
import { addressCheck } from '../../kernel/outbound/addressPolicy'
import { WorkBudget } from './budget'
import { gatherDocuments } from './documents'
import { WsdlFailure } from '../../kernel/outbound/failure'
import { httpFetcher, parseHttpUrl } from '../../kernel/outbound/httpFetch'
import { WSDL_LIMITS, type WsdlLimits } from './limits'
import { resolveWsdl } from './resolve'

/** What a resolve may do: the hub's policy and limits (structured-clonable: it crosses to the WSDL worker). */
export interface ResolvePolicy {
  /** The hub's allowPrivateWsdl setting. */
  allowPrivate: boolean
  /** Addresses treated as public although they are not (tests; see addressCheck). */
  trustedAddresses?: readonly string[] | undefined
  limits?: Partial<WsdlLimits> | undefined
}

/**
 * Loads the WSDL at `wsdlUrl` with everything it imports and lists its operations, in the
 * calling thread: the WSDL worker runs this (load.ts is the hub's side). One deadline covers
 * fetching and resolving; fetching is bounded by bytes and documents, resolving by steps.
 */
export async function fetchAndResolve(wsdlUrl: string, policy: ResolvePolicy, signal?: AbortSignal): Promise<HubWsdl> {
  const limits = { ...WSDL_LIMITS, ...policy.limits }
  const seconds = limits.timeMs / 1000
  const url = parseHttpUrl(wsdlUrl)
  const deadlineAt = Date.now() + limits.timeMs
  const deadline = AbortSignal.timeout(limits.timeMs)
  const aborted = signal ? AbortSignal.any([deadline, signal]) : deadline
  const fetchText = httpFetcher({
    remainingBytes: limits.maxBytes,
    maxBytes: limits.maxBytes,
    signal: aborted,
    allowed: addressCheck(policy.allowPrivate, policy.trustedAddresses),
    maxRedirects: limits.maxRedirects,
    seconds,
  })
  const { documents, warnings } = await gatherDocuments(url.href, fetchText, limits.maxDocuments)
  if (aborted.aborted) throw new WsdlFailure('timeout', { url: url.href, seconds })
  return { ...resolveWsdl(documents, new WorkBudget(limits.maxSteps, deadlineAt, seconds)), warnings }
}
