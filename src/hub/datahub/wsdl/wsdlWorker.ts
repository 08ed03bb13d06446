import type { HubWsdl } from './shape'
import { serveTasks } from '../../threads/serve'
import { fetchAndResolve, type ResolvePolicy } from './fetchAndResolve'
import { WsdlFailure, type WsdlFailureReason } from '../../kernel/outbound/failure'

/** One WSDL to resolve (load.ts sends it). */
export interface WsdlTask {
  wsdlUrl: string
  policy: ResolvePolicy
}

/** The operations, or why the WSDL was refused (a WsdlFailure does not survive the thread boundary as itself). */
export type WsdlAnswer =
  | { resolution: HubWsdl }
  | { failure: { reason: WsdlFailureReason; params: Record<string, string | number>; cause?: { code?: string; message: string } } }

const causeOf = (cause: unknown): { code?: string; message: string } | undefined => {
  if (!(cause instanceof Error)) return undefined
  const code = (cause as { code?: unknown }).code
  return { message: cause.message, ...(typeof code === 'string' ? { code } : {}) }
}

// The worker thread's entry: fetching, parsing and resolving all happen here, off the hub's thread.
serveTasks<WsdlTask, WsdlAnswer>(async ({ wsdlUrl, policy }) => {
  try {
    return { resolution: await fetchAndResolve(wsdlUrl, policy) }
  } catch (err) {
    if (err instanceof WsdlFailure) {
      const cause = causeOf(err.cause)
      return { failure: { reason: err.reason, params: err.params, ...(cause ? { cause } : {}) } }
    }
    throw err
  }
})
