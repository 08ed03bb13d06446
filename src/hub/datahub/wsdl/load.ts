import { availableParallelism } from 'node:os'
import type { HubWsdl } from './shape'
import { WorkerPool, WorkerStopped } from '../../threads/pool'
import { workerEntry } from '../../threads/spawn'
import type { ResolvePolicy } from './fetchAndResolve'
import { WsdlFailure } from '../../kernel/outbound/failure'
import { WSDL_LIMITS } from './limits'
import type { WsdlAnswer, WsdlTask } from './wsdlWorker'

export { WSDL_LIMITS, type WsdlLimits } from './limits'

/**
 * WSDLs are fetched, parsed and resolved in worker threads: parsing megabytes of XML and
 * walking a crafted WSDL's schemas is CPU work that would otherwise hold up every request of
 * the hub. A worker's heap is bounded, so a document that would take more ends as a refusal.
 */
const pool = new WorkerPool<WsdlTask, WsdlAnswer>({
  name: 'wsdl',
  entry: workerEntry(__filename, 'wsdlWorker'),
  size: Math.min(2, availableParallelism()),
  idleMs: 30_000,
  resourceLimits: { maxOldGenerationSizeMb: 512 },
})

/**
 * The worker keeps to the resolve's deadline itself (fetching is aborted, the resolver reads the
 * clock); past this grace, a step that cannot read the clock (parsing one large document) is
 * stopped with its worker.
 */
const DEADLINE_GRACE_MS = 2_000

export interface LoadOptions extends ResolvePolicy {
  /** The caller gave up (the resolve then ends like a timeout; the worker ends at its own deadline). */
  signal?: AbortSignal
}

/** Loads the WSDL at `wsdlUrl` with everything it imports and lists its operations. Failures are WsdlFailure. */
export async function loadWsdl(wsdlUrl: string, options: LoadOptions): Promise<HubWsdl> {
  const limits = { ...WSDL_LIMITS, ...options.limits }
  const seconds = limits.timeMs / 1000
  const policy: ResolvePolicy = { allowPrivate: options.allowPrivate, trustedAddresses: options.trustedAddresses, limits }
  let answer: WsdlAnswer
  try {
    answer = await untilAborted(pool.run({ wsdlUrl, policy }, { deadlineMs: limits.timeMs + DEADLINE_GRACE_MS }), options.signal, () => new WsdlFailure('timeout', { url: wsdlUrl, seconds }))
  } catch (err) {
    if (err instanceof WorkerStopped && err.reason === 'deadline') throw new WsdlFailure('timeout', { url: wsdlUrl, seconds })
    if (err instanceof WorkerStopped && err.reason === 'outOfMemory') throw new WsdlFailure('tooComplex', { max: limits.maxSteps })
    throw err
  }
  if ('resolution' in answer) return answer.resolution
  const { reason, params, cause } = answer.failure
  throw new WsdlFailure(reason, params, cause ? Object.assign(new Error(cause.message), { code: cause.code }) : undefined)
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined, failure: () => Error): Promise<T> {
  if (!signal) return work
  if (signal.aborted) return Promise.reject(failure())
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(failure())
    signal.addEventListener('abort', abort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}
