import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { PROMOTION_KINDS, promotionDocumentSchema, promotionSelectionSchema } from './document'

/**
 * Promotion between hubs (issue 18): export a selection as a document, plan its import, apply
 * it. Administrators only: the seeded administrator role is the one that holds this code (its
 * menu page, src/hub/store/seed/menuTree.ts); an import writes every kind of configuration at once.
 */
export const PROMOTION_PERMISSION = 'datahub:promotion'

const base = { area: 'datahub', access: 'session', permission: PROMOTION_PERMISSION } as const

/** One object the selection may name: its code and a name to show beside it. */
export const catalogItemSchema = z.object({ code: z.string(), name: z.string() })
/**
 * A topic of the catalog also names what its producer and consumers refer to, so the export page
 * can say which of them the selection leaves out (an import refuses a flow whose source is missing).
 */
export const catalogTopicSchema = catalogItemSchema.extend({
  needs: z.object({ dataSources: z.array(z.string()), apiAuthentications: z.array(z.string()) }),
})
export type CatalogTopic = z.output<typeof catalogTopicSchema>
export const promotionCatalogSchema = z.object({
  topics: z.array(catalogTopicSchema),
  dataSources: z.array(catalogItemSchema),
  apiAuthentications: z.array(catalogItemSchema),
  systemAuthentications: z.array(catalogItemSchema),
  dictionaries: z.array(catalogItemSchema),
  parameters: z.array(catalogItemSchema),
  gatewayRoutes: z.array(catalogItemSchema),
})
export type PromotionCatalog = z.output<typeof promotionCatalogSchema>

/** A field of a created or changed object: the target's value (empty on create) beside the document's. */
export const planFieldSchema = z.object({
  field: z.string(),
  current: z.string(),
  incoming: z.string(),
  changed: z.boolean(),
  /** A secret: the values are not shown, only whether it changes. */
  secret: z.boolean().optional(),
})
export type PlanField = z.output<typeof planFieldSchema>

/** A rule the object would break on the target (what an edit of it would be refused with). */
export const planProblemSchema = z.object({ code: z.string(), message: z.string(), field: z.string().optional() })
export type PlanProblem = z.output<typeof planProblemSchema>

export const PLAN_ACTIONS = ['create', 'change', 'unchanged'] as const
export type PlanAction = (typeof PLAN_ACTIONS)[number]

export const planItemSchema = z.object({
  kind: z.enum(PROMOTION_KINDS),
  code: z.string(),
  action: z.enum(PLAN_ACTIONS),
  /** Every field of a created or changed object (changed ones marked); none for an unchanged one. */
  fields: z.array(planFieldSchema),
  problems: z.array(planProblemSchema),
})
export type PlanItem = z.output<typeof planItemSchema>

/** A secret the document leaves out: required when its object is created with one. */
export const placeholderSchema = z.object({
  name: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  code: z.string(),
  field: z.string(),
  required: z.boolean(),
  provided: z.boolean(),
})
export type Placeholder = z.output<typeof placeholderSchema>

export const promotionPlanSchema = z.object({
  formatVersion: z.number().int(),
  items: z.array(planItemSchema),
  placeholders: z.array(placeholderSchema),
  summary: z.object({ create: z.number().int(), change: z.number().int(), unchanged: z.number().int(), problems: z.number().int() }),
})
export type PromotionPlan = z.output<typeof promotionPlanSchema>

/** The placeholders' values, by name; an empty one counts as not given. */
export const placeholderValuesSchema = z.record(z.string().max(300), z.string().max(20000)).default({})
export type PlaceholderValues = z.output<typeof placeholderValuesSchema>

const importInput = z.object({ document: promotionDocumentSchema, values: placeholderValuesSchema })

/** What the selection picker offers: every object of each kind, by code. */
export const promotionCatalog = defineEndpoint({ ...base, id: 'datahub.promotion.catalog', method: 'GET', path: '/promotion/catalog', input: z.object({}).optional(), output: promotionCatalogSchema })

/** The selection as a document; an unknown code is refused (4040) naming it. */
export const promotionExport = defineEndpoint({ ...base, id: 'datahub.promotion.export', method: 'POST', path: '/promotion/export', input: promotionSelectionSchema, output: promotionDocumentSchema })

/** What an apply would do, tried in a transaction that is rolled back: nothing is written. */
export const promotionPlan = defineEndpoint({ ...base, id: 'datahub.promotion.plan', method: 'POST', path: '/promotion/plan', input: importInput, output: promotionPlanSchema })

/**
 * Applies the document in one transaction, with the version records an edit makes, and answers
 * the plan it carried out; when any object breaks a rule or a required placeholder has no value,
 * nothing is written and the answer is '4090' (plan again to see why).
 */
export const promotionApply = defineEndpoint({ ...base, id: 'datahub.promotion.apply', method: 'POST', path: '/promotion/apply', input: importInput, output: promotionPlanSchema })
