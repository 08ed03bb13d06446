import type { WsdlResolution } from '../../../shared/contract/datahub/wsdl'
import { addressCheck } from './addressPolicy'
import { gatherDocuments } from './documents'
import { WsdlFailure } from './failure'
import { httpFetcher, parseHttpUrl } from './httpFetch'
import { resolveWsdl } from './resolve'

/**
 * Limits of one resolve, all documents together. Real WSDLs (with their schemas) stay well under
 * 1 MB and a dozen documents; the limits only stop a hostile or broken server from tying the hub up.
 */
export const WSDL_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  timeMs: 10_000,
  maxDocuments: 50,
  maxRedirects: 5,
}
export type WsdlLimits = typeof WSDL_LIMITS

export interface LoadOptions {
  /** The hub's allowPrivateWsdl setting. */
  allowPrivate: boolean
  /** Addresses treated as public although they are not (tests; see addressCheck). */
  trustedAddresses?: readonly string[]
  limits?: Partial<WsdlLimits>
  /** The caller gave up (the resolve then ends like a timeout). */
  signal?: AbortSignal
}

/** Loads the WSDL at `wsdlUrl` with everything it imports and lists its operations. */
export async function loadWsdl(wsdlUrl: string, options: LoadOptions): Promise<WsdlResolution> {
  const limits = { ...WSDL_LIMITS, ...options.limits }
  const url = parseHttpUrl(wsdlUrl)
  const deadline = AbortSignal.timeout(limits.timeMs)
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline
  const fetchText = httpFetcher({
    remainingBytes: limits.maxBytes,
    maxBytes: limits.maxBytes,
    signal,
    allowed: addressCheck(options.allowPrivate, options.trustedAddresses),
    maxRedirects: limits.maxRedirects,
    seconds: limits.timeMs / 1000,
  })
  const docs = await gatherDocuments(url.href, fetchText, limits.maxDocuments)
  if (signal.aborted) throw new WsdlFailure('timeout', { url: url.href, seconds: limits.timeMs / 1000 })
  return resolveWsdl(docs)
}
