import type { DataVersions } from '../../shared/envelope'
import { ResultCode } from '../../shared/envelope'
import type { Endpoint, EndpointInput, EndpointOutput } from '../../shared/endpoint'
import { BridgeUnavailableError, invoke } from '../bridge/desktop'
import { i18n } from '../i18n'
import { createStore } from '../state/store'
import { CHANGE_REVIEW_READS } from './changeReview'
import { decideFailure } from './errorPolicy'
import { invalidateIds } from './query/invalidation'
import { emitSignal } from './signals'

export interface CallOptions {
  /**
   * No toasts: the caller shows the outcome itself (login form, dialogs) or only logs it
   * (start-up calls, per spec). Session end and the licence redirect still apply.
   */
  quiet?: boolean
}

export type CallResult<T> =
  | { ok: true; data: T; message: string; versions?: DataVersions }
  | {
      ok: false
      code: string
      message: string
      data?: unknown
      versions?: DataVersions
      /** '4001' only: field path → message key (translate with t('messages:' + key)). */
      fieldErrors?: Record<string, string>
    }

/** Whether error toasts carry the detail panel; follows the `error.log` parameter. */
let errorDetails = false
export const setErrorDetails = (enabled: boolean): void => {
  errorDetails = enabled
}
/** The same parameter turns the hub's client error log on: client errors are sent only then (behaviour/index.ts). */
export const errorLogOn = (): boolean => errorDetails

/**
 * Whether the hub could be reached on the last call (shell/HubUnreachableBanner.tsx shows a
 * banner while it could not). Any answer from the hub itself, success or refusal, proves it is
 * reachable again; a cancelled call or a failure of the IPC channel proves nothing either way.
 */
export interface HubReachability {
  unreachable: boolean
  /** The translated reason of the last 5030. */
  message: string
}
export const hubReachability = createStore<HubReachability>({ unreachable: false, message: '' })

function noteReachability(result: { ok: boolean; code?: string; message: string }): void {
  if (!result.ok && result.code === ResultCode.hubUnreachable) {
    hubReachability.set({ unreachable: true, message: result.message })
  } else if (hubReachability.get().unreachable && (result.ok || result.code !== ResultCode.cancelled)) {
    hubReachability.set({ unreachable: false, message: '' })
  }
}

/** Endpoints whose input may be left out (`z.object({}).optional()`). */
type InputArgs<E extends Endpoint> =
  undefined extends EndpointInput<E> ? [input?: EndpointInput<E>, options?: CallOptions] : [input: EndpointInput<E>, options?: CallOptions]

/**
 * Call one endpoint of the shared contract through the main process. Input and output types come
 * from the endpoint's zod schemas; the hub validates both, so the answer is not parsed again here.
 * Failures come back as values (never thrown) after the central error policy has run.
 */
export async function callHub<E extends Endpoint>(endpoint: E, ...[input, options]: InputArgs<E>): Promise<CallResult<EndpointOutput<E>>> {
  let result: CallResult<EndpointOutput<E>>
  let fromIpc = true
  try {
    result = (await invoke('hub.call', { endpoint: endpoint.id, input })) as CallResult<EndpointOutput<E>>
  } catch (e) {
    fromIpc = false
    result =
      e instanceof BridgeUnavailableError
        ? { ok: false, code: ResultCode.hubUnreachable, message: i18n.t('errors:bridge_unavailable') }
        : { ok: false, code: ResultCode.systemError, message: i18n.t('errors:ipc_failed'), data: String(e) }
  }
  // Already unreachable: the banner says so; a toast per failed call would only repeat it.
  const knownUnreachable = hubReachability.get().unreachable
  // Only the main process's answers say anything about the hub (a page without the bridge is a
  // browser preview, not a hub that went away).
  if (fromIpc) noteReachability(result)
  if (result.ok) return result
  // Submitted for review: whatever shows "changing" marks or the workbench asks again.
  if (result.code === ResultCode.changeSubmitted) invalidateIds(CHANGE_REVIEW_READS)

  const decision = decideFailure(result, { quiet: options?.quiet ?? false, errorDetails, endpoint: endpoint.id })
  if (decision.log) console.warn(`[hub] ${endpoint.id} failed: ${result.code} ${result.message}`)
  if (decision.toast && !(knownUnreachable && result.code === ResultCode.hubUnreachable)) emitSignal('toast', decision.toast)
  if (decision.endSession) emitSignal('sessionInvalid', { endpoint: endpoint.id })
  if (decision.openLicence) emitSignal('licence', { endpoint: endpoint.id })
  return decision.fieldErrors ? { ...result, fieldErrors: decision.fieldErrors } : result
}
