import { z } from 'zod'
import { propertyRowRuleSchema } from '../../rules/datahub/property'

/**
 * Pieces the producer and consumer mode sub-models share (spec part 1 §3). The mode editors
 * and their rules come later: here every field is declared and optional, so whatever the
 * console saves comes back exactly as it was (the hub stores sub-models as JSON).
 */
const text = () => z.string().optional()
/** Counts and indexes the console may hold as numbers or as the text of an input. */
const count = () => z.union([z.string(), z.number()]).optional()
export { text as optionalText, count as optionalCount }

/** A request-parameter row (params, headers, form data): only checked rows are sent. */
export const apiParamRowSchema = z.object({
  key: z.string().default(''),
  value: z.string().default(''),
  description: z.string().default(''),
  checked: z.boolean().default(true),
})

/** API authentication of a call: shown when display is '1', then selectedAuth names the method. */
export const apiAuthorizationSchema = z.object({
  display: text(),
  appName: text(),
  appCode: text(),
  selectedAuth: text(),
})

/** The HTTP API editor's model: params, authorization, headers, body (form-data, urlencoded, raw). */
export const httpParamsModelSchema = z.object({
  url: text(),
  /** GET disables the body. */
  method: text(),
  params: z.array(apiParamRowSchema).optional(),
  authorization: apiAuthorizationSchema.optional(),
  headers: z.array(apiParamRowSchema).optional(),
  body: z
    .object({
      /** 'none', 'form-data', 'x-www-form-urlencoded' or 'raw'. */
      type: text(),
      formData: z.array(apiParamRowSchema).optional(),
      formUrlEncoded: z.array(apiParamRowSchema).optional(),
      raw: z.object({ rawType: text(), content: text() }).optional(),
    })
    .optional(),
})

/**
 * A parameter of a web-service operation. `value` is what a webservice producer sends in it each
 * run (a consumer's parameters are filled by the message, so it has none).
 */
export const wsParameterSchema = z.object({ name: z.string(), type: text(), value: text() })
export const wsHeaderParameterSchema = z.object({ name: z.string(), value: text() })

/** A web-service call (callbacks): operation, namespace, parameters, SOAP header. */
export const wsParamsModelSchema = z.object({
  wsdlUrl: text(),
  methodName: text(),
  namespace: text(),
  parameters: z.array(wsParameterSchema).optional(),
  headerMethodName: text(),
  headerParameters: z.array(wsHeaderParameterSchema).optional(),
})

/** Property rows of a mode: required code and value (rules/datahub/property). */
export const propertiesSchema = z.array(propertyRowRuleSchema).optional()

/** Callback settings: strategy '1' none (default), '2' HTTP, '3' web service (spec §9). */
export const callbackShape = {
  callbackStrategy: text(),
  callbackReqType: text(),
  callbackReqApi: text(),
  callbackReqParam: text(),
}

/** Alarm configuration, carried as JSON text in `alarm` (spec §3). */
export const alarmConfigSchema = z.object({
  objData: z.array(
    z.object({
      type: z.enum(['email', 'mobile', 'dingding', 'http']),
      status: z.string(),
      /** Channel value: email 1, mobile 2, dingding 3, http 5. */
      value: z.enum(['1', '2', '3', '5']),
      receiver: z.string(),
    }),
  ),
  /** callbackRule 1: after all consumers finish; 2: after each. */
  callbackData: z.object({ callbackStatus: z.string(), callbackRule: z.enum(['1', '2']) }).optional(),
})
export type AlarmConfig = z.infer<typeof alarmConfigSchema>
export const ALARM_CHANNEL_VALUE = { email: '1', mobile: '2', dingding: '3', http: '5' } as const

/** Fields every hub record carries. */
export const auditShape = {
  id: z.string(),
  /** Optimistic lock: every change adds one; an update must name the version it started from. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
}
