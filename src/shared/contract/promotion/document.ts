import { z } from 'zod'
import { authenticationEntitySchema } from '../datahub/authentication'
import { consumerEntitySchema } from '../datahub/consumer'
import { dataSourceEntitySchema } from '../datahub/dataSources'
import { producerEntitySchema } from '../datahub/producer'
import { topicEntitySchema } from '../datahub/topic'

/**
 * The promotion document: a selection of one hub's configuration as JSON, read by another hub's
 * plan and apply (issue 18). Objects are named by their code (topic code, data-source name,
 * dictionary type, parameter key, gateway path…), never by a database id: each hub has its own
 * ids. Secrets never travel: each is a named placeholder the importer fills in.
 *
 * `formatVersion` says how to read the rest; a hub refuses a version it does not know rather
 * than guess. Version 1 is this file.
 */
export const PROMOTION_FORMAT_VERSION = 1

/** A secret left out of the document, by name, e.g. `{ "$secret": "dataSource.ERP_DB.password" }`. */
export const secretRefSchema = z.object({ $secret: z.string().min(1).max(300) }).strict()
export type SecretRef = z.output<typeof secretRefSchema>
/** A secret field: its placeholder, or '' when the source hub had none stored. */
const secretField = z.union([z.literal(''), secretRefSchema])

/**
 * A producer's or consumer's API authentication is stored as the method's id (authenId,
 * selectedAuth); the document names the method instead, as `$authentication:<appCode>/<authenName>`.
 */
export const AUTHENTICATION_REF_PREFIX = '$authentication:'

const audit = { id: true, version: true, createdAt: true, updatedAt: true } as const

export const dataSourceEntrySchema = dataSourceEntitySchema
  .omit({ ...audit, password: true, passwordSet: true, privateKey: true, privateKeySet: true })
  .extend({ password: secretField.default(''), privateKey: secretField.default('') })
export type DataSourceEntry = z.output<typeof dataSourceEntrySchema>

/** An API authentication method: its code is `<appCode>/<authenName>`. */
export const apiAuthenticationEntrySchema = authenticationEntitySchema.omit({ ...audit, tokenValue: true, tokenValueSet: true }).extend({ tokenValue: secretField.default('') })
export type ApiAuthenticationEntry = z.output<typeof apiAuthenticationEntrySchema>

/** A system authentication: one per application code; its secret is always a placeholder. */
export const systemAuthenticationEntrySchema = z.object({
  appCode: z.string(),
  name: z.string(),
  tokenType: z.string(),
  tokenValidity: z.number().int(),
  status: z.string(),
  remark: z.string(),
  secret: secretRefSchema,
})
export type SystemAuthenticationEntry = z.output<typeof systemAuthenticationEntrySchema>

export const dictionaryDataEntrySchema = z.object({
  dictValue: z.string(),
  dictLabelCn: z.string(),
  dictLabelEn: z.string().default(''),
  level: z.string().default(''),
  sort: z.number().int().default(0),
  status: z.string().default('1'),
  remarks: z.string().default(''),
})
export type DictionaryDataEntry = z.output<typeof dictionaryDataEntrySchema>

/** A dictionary type with its entries (an entry's code is `<dictType>/<dictValue>`). */
export const dictionaryEntrySchema = z.object({
  dictType: z.string(),
  dictName: z.string(),
  remarks: z.string().default(''),
  status: z.string().default('1'),
  data: z.array(dictionaryDataEntrySchema).default([]),
})
export type DictionaryEntry = z.output<typeof dictionaryEntrySchema>

export const parameterEntrySchema = z.object({ parameterKey: z.string(), parameterName: z.string(), parameterValue: z.string(), appCode: z.string() })
export type ParameterEntry = z.output<typeof parameterEntrySchema>

/** A gateway route, by its path (unique across both kinds). */
export const gatewayRouteEntrySchema = z.object({
  kind: z.enum(['internal', 'external']),
  path: z.string(),
  prefix: z.string().default(''),
  targetService: z.string(),
  serviceType: z.string().default(''),
  authType: z.string().default(''),
  status: z.string().default('1'),
})
export type GatewayRouteEntry = z.output<typeof gatewayRouteEntrySchema>

/**
 * A producer or consumer without ids and its topic (the entry sits in its topic). `status` is
 * '1' running or '0' not: whether the target should run it, not which stopped state it is in.
 */
export const producerEntrySchema = producerEntitySchema.omit({ ...audit, topicCode: true, topicName: true })
export type ProducerEntry = z.output<typeof producerEntrySchema>
/** A consumer: matched in its topic by application code and consume type (its code `<applicationCode>/<dataConsumeType>`). */
export const consumerEntrySchema = consumerEntitySchema.omit({ ...audit, topicCode: true, topicName: true })
export type ConsumerEntry = z.output<typeof consumerEntrySchema>

/** A topic with its producer (null when none) and consumers. */
export const topicEntrySchema = topicEntitySchema.omit({ ...audit, isDelete: true }).extend({
  producer: producerEntrySchema.nullable().default(null),
  consumers: z.array(consumerEntrySchema).default([]),
})
export type TopicEntry = z.output<typeof topicEntrySchema>

export const promotionDocumentSchema = z.object({
  formatVersion: z.literal(PROMOTION_FORMAT_VERSION, { error: 'msg_promotion_format_version' }),
  exportedAt: z.string().default(''),
  /** Where it came from, for the reader: the hub's version and store kind. */
  exportedFrom: z.object({ hubVersion: z.string(), store: z.string() }).partial().default({}),
  dataSources: z.array(dataSourceEntrySchema).default([]),
  apiAuthentications: z.array(apiAuthenticationEntrySchema).default([]),
  systemAuthentications: z.array(systemAuthenticationEntrySchema).default([]),
  dictionaries: z.array(dictionaryEntrySchema).default([]),
  parameters: z.array(parameterEntrySchema).default([]),
  gatewayRoutes: z.array(gatewayRouteEntrySchema).default([]),
  topics: z.array(topicEntrySchema).default([]),
})
export type PromotionDocument = z.output<typeof promotionDocumentSchema>

/** The kinds of object a document holds, in the order a plan applies them (what is referred to first). */
export const PROMOTION_KINDS = [
  'dataSource', 'apiAuthentication', 'systemAuthentication', 'dictionary', 'dictionaryData', 'parameter', 'gatewayRoute', 'topic', 'producer', 'consumer',
] as const
export type PromotionKind = (typeof PROMOTION_KINDS)[number]

/** What may be exported: codes per kind (the sections of the document). */
const codes = z.array(z.string().trim().min(1).max(300)).max(5000).default([])
export const promotionSelectionSchema = z.object({
  topics: codes,
  dataSources: codes,
  /** `<appCode>/<authenName>`. */
  apiAuthentications: codes,
  /** Application codes. */
  systemAuthentications: codes,
  /** Dictionary types. */
  dictionaries: codes,
  /** Parameter keys. */
  parameters: codes,
  /** Route paths. */
  gatewayRoutes: codes,
})
export type PromotionSelection = z.output<typeof promotionSelectionSchema>
export type PromotionSection = keyof PromotionSelection
