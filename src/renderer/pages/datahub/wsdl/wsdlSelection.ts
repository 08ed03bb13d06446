import type { WsdlOperation, WsdlResolution } from '../../../../shared/contract/datahub/wsdl'

/**
 * The fields of the webservice sub-model (shared/contract/datahub/producerModels.ts) that WSDL
 * resolve fills: the operation, its namespace and port, its parameters (name, type; a producer's
 * values the user types) and its SOAP header (element name, and name/value rows the user completes).
 */
export interface WsdlFields {
  wsdlUrl?: string
  methodName?: string
  namespace?: string
  portName?: string
  serviceAddress?: string
  /** `value`: a producer's, sent with each call (a consumer's come from the message). */
  parameters?: { name: string; type?: string; value?: string }[]
  headerMethodName?: string
  headerParameters?: { name: string; value?: string }[]
  /** The address the shown operation came from (resolveGate.ts); editor only, never sent. */
  wsdlResolvedFrom?: string
}

/** Spec §4: a new resolve resets the method and its parameters and hides the header ones. */
export const resetAfterResolve = (wsdlUrl: string, resolution: WsdlResolution): WsdlFields => ({
  wsdlUrl,
  wsdlResolvedFrom: wsdlUrl,
  namespace: resolution.targetNamespace,
  portName: resolution.portName,
  methodName: '',
  parameters: [],
  headerMethodName: '',
  headerParameters: [],
})

/**
 * Choosing an operation fills its parameters and headers. Namespace and port are the operation's
 * own when the hub says (several services or ports), else the WSDL's. The service address is
 * only filled while empty: a typed one (a gateway, a test server) is kept.
 */
export function selectOperation(op: WsdlOperation, resolution: WsdlResolution, current: WsdlFields): WsdlFields {
  return {
    methodName: op.targetMethodName,
    namespace: op.namespace || resolution.targetNamespace,
    portName: op.portName || resolution.portName,
    parameters: op.inparameters.map((p) => ({ name: p.name, type: p.type })),
    headerMethodName: op.headerMethodName ?? '',
    headerParameters: op.headerParameters.map((p) => ({ name: p.name, value: '' })),
    ...(op.serviceAddress && !current.serviceAddress?.trim() ? { serviceAddress: op.serviceAddress } : {}),
  }
}

/**
 * A failed resolve (unreachable, 404, not a WSDL, no callable method…) leaves nothing of the
 * previous one: a producer could otherwise be saved with another WSDL's operation. The service
 * address goes too when the previous resolve in this editor filled it; one that was typed, or
 * that a stored record brought, stays (it may be a gateway the WSDL does not know).
 */
export function clearedAfterFailure(current: WsdlFields, previous: WsdlResolution | null): WsdlFields {
  const filled = new Set(previous?.operations.map((o) => o.serviceAddress).filter(Boolean))
  return {
    wsdlResolvedFrom: '',
    methodName: '',
    namespace: '',
    portName: '',
    parameters: [],
    headerMethodName: '',
    headerParameters: [],
    ...(current.serviceAddress && filled.has(current.serviceAddress) ? { serviceAddress: '' } : {}),
  }
}
