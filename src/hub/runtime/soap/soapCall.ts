import type { ElementShape, TypeShape } from '../../datahub/wsdl/shape'
import type { SoapVersion } from './versions'

/** One web-service call, ready to build: the WSDL's operation with the configured fields over it. */
export interface SoapCall {
  address: string
  soapVersion: SoapVersion
  soapAction: string
  style: 'document' | 'rpc'
  namespace: string
  /** The body element (document) or rpc wrapper; '' when a document part is typed, not an element. */
  requestElement: string
  qualifiedParameters: boolean
  /** Parameter names in the operation's order; empty when neither the WSDL nor the settings name any. */
  parameters: string[]
  header: { name: string; values: { name: string; value: string }[] } | null
  /** The WSDL's schemas for this operation, when they declare its body element (see shapedWriter.ts). */
  shapes?: CallShapes
}

/** What the schemas say of one operation's messages (datahub/wsdl/shape.ts), with the namespace the WSDL gives the operation. */
export interface CallShapes {
  types: readonly TypeShape[]
  input?: ElementShape
  output?: ElementShape
  header?: ElementShape
  /** The operation's namespace in the WSDL; a configured `namespace` other than it replaces it. */
  wsdlNamespace: string
}
