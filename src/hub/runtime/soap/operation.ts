import { WsdlFailure, type WsdlFailureReason } from '../../kernel/outbound/failure'
import { loadWsdl } from '../../datahub/wsdl/load'
import { refusalFor } from '../../datahub/wsdl/refusals'
import type { HubWsdl } from '../../datahub/wsdl/shape'
import { DeliveryError } from '../../kernel/deliveryError'
import type { SoapCall } from './soapCall'
import { keyed } from '../../text/keyedText'

/**
 * Where a web-service call goes, as configured: a webservice consumer's sub-model, or a
 * producer's callbackWSParamsModel (which names no service address or parameters: those then
 * come from the WSDL).
 */
export interface SoapTarget {
  wsdlUrl?: string
  methodName?: string
  namespace?: string
  serviceAddress?: string
  parameters?: { name: string }[]
  headerMethodName?: string
  headerParameters?: { name: string; value?: string }[]
}

/**
 * Resolved WSDLs are kept for a minute: a busy consumer does not fetch its WSDL for every
 * message, and an edited WSDL is picked up soon. Failures are not kept.
 */
const KEEP_MS = 60_000
const KEEP_AT_MOST = 64
const resolved = new Map<string, { until: number; resolution: Promise<HubWsdl> }>()

function cachedWsdl(wsdlUrl: string, allowPrivate: boolean, keptOnly: boolean): Promise<HubWsdl> {
  const key = `${allowPrivate ? 'any' : 'public'} ${wsdlUrl}`
  const now = Date.now()
  const kept = resolved.get(key)
  if (kept && kept.until > now) return kept.resolution
  if (keptOnly) return Promise.reject(new DeliveryError(keyed('msg_exchange_wsdl_not_kept', { url: wsdlUrl })))
  // The load is shared by every delivery waiting on it, so it runs on its own time limit, not a caller's.
  const resolution = loadWsdl(wsdlUrl, { allowPrivate })
  resolved.delete(key)
  if (resolved.size >= KEEP_AT_MOST) resolved.delete(resolved.keys().next().value!)
  resolved.set(key, { until: now + KEEP_MS, resolution })
  resolution.catch(() => {
    if (resolved.get(key)?.resolution === resolution) resolved.delete(key)
  })
  return resolution
}

/** Waits for `work` until `signal` aborts (the delivery timed out or the worker stops). */
function until<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new DeliveryError(keyed('msg_exchange_ws_timeout')))
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DeliveryError(keyed('msg_exchange_wsdl_timeout')))
    signal.addEventListener('abort', abort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/** WSDL failures that no retry can fix; the others (unreachable, a server error page…) may pass. */
const PERMANENT: ReadonlySet<WsdlFailureReason> = new Set(['urlInvalid', 'addressRefused', 'doctype', 'noOperations'])

/** The WSDL's failure as the delivery log says it (the resolve refusal's key, rendered for its reader). */
function wsdlFailure(failure: WsdlFailure): DeliveryError {
  const refusal = refusalFor(failure)
  return new DeliveryError({ key: refusal.messageKey, params: refusal.params }, PERMANENT.has(failure.reason))
}

/**
 * The call `target` makes: the operation named methodName in its WSDL (binding: SOAP version,
 * style, action, body element), with the configured namespace, service address, parameters and
 * header over the WSDL's own where they are set. `keptOnly`: only a WSDL already loaded and kept
 * here is used, nothing is fetched (the flow simulator makes no outbound call).
 */
export async function resolveCall(target: SoapTarget, options: { allowPrivate: boolean; signal: AbortSignal; keptOnly?: boolean }): Promise<SoapCall> {
  const wsdlUrl = target.wsdlUrl?.trim() ?? ''
  const methodName = target.methodName?.trim() ?? ''
  if (!wsdlUrl) throw new DeliveryError(keyed('msg_exchange_wsdl_url_missing'), true)
  if (!methodName) throw new DeliveryError(keyed('msg_exchange_ws_method_missing'), true)
  let resolution: HubWsdl
  try {
    resolution = await until(cachedWsdl(wsdlUrl, options.allowPrivate, options.keptOnly === true), options.signal)
  } catch (err) {
    if (err instanceof WsdlFailure) throw wsdlFailure(err)
    throw err
  }
  const op = resolution.operations.find((o) => o.targetMethodName === methodName)
  if (!op) throw new DeliveryError(keyed('msg_exchange_ws_no_operation', { url: wsdlUrl, method: methodName, operations: resolution.operations.map((o) => o.targetMethodName).join(', ') }), true)
  const address = target.serviceAddress?.trim() || op.serviceAddress || ''
  if (!address) throw new DeliveryError(keyed('msg_exchange_ws_no_address', { method: methodName }), true)
  const configured = (target.parameters ?? []).map((p) => p.name.trim()).filter(Boolean)
  const headerName = target.headerMethodName?.trim() || op.headerMethodName || ''
  const shapes = resolution.shapes?.operations.get(methodName)
  return {
    address,
    soapVersion: op.soapVersion ?? '1.1',
    soapAction: op.soapAction ?? '',
    style: op.style ?? 'document',
    namespace: target.namespace?.trim() || op.namespace || resolution.targetNamespace,
    requestElement: op.requestElement ?? (op.style === 'rpc' ? methodName : ''),
    qualifiedParameters: op.qualifiedParameters ?? false,
    parameters: configured.length > 0 ? configured : op.inparameters.map((p) => p.name),
    header: headerName ? { name: headerName, values: (target.headerParameters ?? []).map((h) => ({ name: h.name, value: h.value ?? '' })) } : null,
    ...(shapes && resolution.shapes ? { shapes: { ...shapes, types: resolution.shapes.types, wsdlNamespace: op.namespace || resolution.targetNamespace } } : {}),
  }
}
