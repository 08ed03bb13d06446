import { z } from 'zod'
import { defineEndpoint, type Endpoint } from '../../endpoint'
import { TOPIC_PERMISSION } from './permissions'

/** One parameter of an operation: element (or rpc part) name and its XSD type's local name. */
export const wsdlParameterSchema = z.object({ name: z.string(), type: z.string() })
export type WsdlParameter = z.infer<typeof wsdlParameterSchema>

/**
 * One callable operation (spec part 1 §7: targetMethodName, inparameters, headerParameters).
 * The optional fields are ours: a WSDL may hold several services and ports, and a hub speaking
 * only the spec's fields still works with the console (it falls back to the top-level values).
 */
export const wsdlOperationSchema = z.object({
  targetMethodName: z.string(),
  inparameters: z.array(wsdlParameterSchema),
  /** Children of the SOAP header element (the console asks the user for their values). */
  headerParameters: z.array(wsdlParameterSchema),
  /** Local name of the SOAP header element, when the operation declares one. */
  headerMethodName: z.string().optional(),
  /** The port this operation is called through. */
  portName: z.string().optional(),
  /** soap:address of that port. */
  serviceAddress: z.string().optional(),
  /** Namespace of the request's body element (document) or of the rpc wrapper. */
  namespace: z.string().optional(),
  style: z.enum(['document', 'rpc']).optional(),
  soapVersion: z.enum(['1.1', '1.2']).optional(),
  soapAction: z.string().optional(),
  /**
   * Local name of the request's body element, in `namespace`: document style the element the
   * first body part names, rpc style the operation. The hub builds calls with it.
   */
  requestElement: z.string().optional(),
  /** Whether the parameters under the body element carry its namespace (the schema's elementFormDefault). */
  qualifiedParameters: z.boolean().optional(),
})
export type WsdlOperation = z.infer<typeof wsdlOperationSchema>

/** Why an imported or included schema could not be read (the hub's WSDL failure reasons that leave a resolve going). */
export const WSDL_SCHEMA_SKIP_REASONS = ['httpStatus', 'unreachable', 'notXml', 'urlInvalid', 'tooManyRedirects'] as const

/**
 * Something the resolve left out that the user should know of. Today one kind: an
 * xsd:import/include/redefine the hub could not read, so the types it declares are shown by
 * name only (the parameters of an operation that uses them may be incomplete).
 */
export const wsdlWarningSchema = z.object({
  kind: z.literal('schemaUnavailable'),
  /** The schema's address. */
  url: z.string(),
  reason: z.enum(WSDL_SCHEMA_SKIP_REASONS),
  /** The HTTP status, when the reason is httpStatus. */
  status: z.number().int().optional(),
})
export type WsdlWarning = z.infer<typeof wsdlWarningSchema>

export const wsdlResolutionSchema = z.object({
  operations: z.array(wsdlOperationSchema),
  /** targetNamespace of the WSDL the address points at. */
  targetNamespace: z.string(),
  /** The port of the first operation. */
  portName: z.string(),
  /** Ours, additive: what the resolve had to leave out (a hub without it sends none). */
  warnings: z.array(wsdlWarningSchema).optional(),
})
export type WsdlResolution = z.infer<typeof wsdlResolutionSchema>

/**
 * Loads the WSDL at `wsdlUrl` on the hub (with its wsdl:import and xsd:import/include) and
 * lists its operations. An empty address answers 'WSDL地址不能为空' (the handler checks it, so
 * the message is the spec's rather than a generic required-field one).
 */
export const producerResolveWsdlUrl = defineEndpoint({
  area: 'datahub',
  access: 'session',
  permission: TOPIC_PERMISSION,
  id: 'datahub.producer.resolveWsdlUrl',
  method: 'GET',
  path: '/producer/resolveWsdlUrl',
  input: z.object({ wsdlUrl: z.string().default('') }),
  output: wsdlResolutionSchema,
})

/** WSDL resolve for webservice producers. */
export const wsdlEndpoints = {
  [producerResolveWsdlUrl.id]: producerResolveWsdlUrl,
} satisfies Record<string, Endpoint>
