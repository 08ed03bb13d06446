/**
 * Why a WSDL could not be resolved. The resolver and loader throw these; the route turns each
 * into a refusal with a code and a translated message (see refusalFor in routes.ts), so the
 * pure modules stay free of the HTTP layer.
 */
export type WsdlFailureReason =
  /** Not an absolute http(s) URL. */
  | 'urlInvalid'
  /** Loopback, private, link-local or otherwise reserved address while the hub forbids them. */
  | 'addressRefused'
  /** The document carries a DOCTYPE (external entities, entity expansion): never parsed. */
  | 'doctype'
  /** Together the documents exceed the size budget. */
  | 'tooLarge'
  /** More imported documents than the cap. */
  | 'tooManyDocuments'
  | 'tooManyRedirects'
  /** Resolving the loaded documents would take more work than the budget (budget.ts) or memory than the resolver's thread has. */
  | 'tooComplex'
  /** The time budget ran out. */
  | 'timeout'
  /** Connection, DNS or TLS failure. */
  | 'unreachable'
  /** The server answered with a status other than 2xx. */
  | 'httpStatus'
  /** Not well-formed XML. */
  | 'notXml'
  /** XML, but no wsdl:definitions. */
  | 'notWsdl'
  /** A WSDL without a single operation to call. */
  | 'noOperations'

export class WsdlFailure extends Error {
  constructor(
    readonly reason: WsdlFailureReason,
    /** Placeholders of the message: the address at fault, a status, a limit. */
    readonly params: Record<string, string | number> = {},
    /** The network error behind 'unreachable' (its code goes into delivery logs). */
    cause?: unknown,
  ) {
    super(`${reason} ${JSON.stringify(params)}`, { cause })
    this.name = 'WsdlFailure'
  }
}
