import { sql } from 'kysely'
import type { PromotionDocument } from '../../shared/contract/promotion/document'
import type { Placeholder, PlaceholderValues, PlanField, PlanItem, PromotionPlan } from '../../shared/contract/promotion/endpoints'
import { ResultCode } from '../../shared/envelope'
import type { Locale } from '../../shared/locale'
import { diffFields } from '../../shared/rules/fieldDiff'
import { translateMessage } from '../../../locales'
import { changeRepository } from '../approvals/changes/changeRepository'
import { CONTROLLED_SAVES } from '../approvals/changes/objects'
import { dataChanging } from '../approvals/refusals'
import { approvalsDb } from '../approvals/tables'
import { Refusal } from '../kernel/refusal'
import { ownValue } from '../../shared/ownKey'
import { apiAuthenticationCandidate } from './kinds/authentications'
import { dataSourceCandidate } from './kinds/dataSources'
import { dictionaryCandidates } from './kinds/dictionaries'
import { gatewayRouteCandidate } from './kinds/gatewayRoutes'
import { parameterCandidate } from './kinds/parameters'
import { systemAuthenticationCandidate } from './kinds/systemAuthentications'
import { topicCandidates } from './kinds/topics'
import { placeholderMissing, promotionDuplicate, promotionNeedsApproval, type Candidate, type PromotionTarget, type Tx } from './target'

/**
 * Plan and apply are one run: every object of the document, in the order things are referred to
 * (data sources and authentications before the flows naming them, a topic before its producer
 * and consumers), is compared with the target's object of its code and, when it differs, saved
 * through that object's own create or update rules — in one transaction. A plan always rolls
 * the transaction back; an apply commits it only when no object broke a rule. So what a plan
 * says an apply will refuse, it refuses, for the same reason an edit would be refused.
 */
export function candidatesOf(doc: PromotionDocument, target: PromotionTarget): Candidate[] {
  return [
    ...doc.dataSources.map((e) => dataSourceCandidate(e, target)),
    ...doc.apiAuthentications.map((e) => apiAuthenticationCandidate(e, target)),
    ...doc.systemAuthentications.map((e) => systemAuthenticationCandidate(e, target)),
    ...doc.dictionaries.flatMap((e) => dictionaryCandidates(e)),
    ...doc.parameters.map((e) => parameterCandidate(e)),
    ...doc.gatewayRoutes.map((e) => gatewayRouteCandidate(e)),
    ...doc.topics.flatMap((e) => topicCandidates(e, target)),
  ]
}

/**
 * The permissions importing the document needs: for each object it carries, the one its editor's
 * endpoint declares (a system authentication needs what the system-authentication editor needs,
 * an external route what the external-route editor needs…), in the document's order. A section
 * the document leaves empty needs nothing.
 */
export function promotionPermissions(doc: PromotionDocument, target: PromotionTarget): Set<string> {
  return new Set(candidatesOf(doc, target).flatMap((c) => (c.editor.permission ? [c.editor.permission] : [])))
}

/** Thrown to roll a run back; never leaves this file. */
class RollBack extends Error {}

export interface RunOptions {
  values: PlaceholderValues
  locale: Locale
  /** Commit when nothing broke a rule (apply); otherwise roll back (plan). */
  commit: boolean
  /** The importer's changes need approval (a role's switch): an object under change control it would write is refused. */
  needsApproval?: boolean
}

/** The plan of the document against the target; with `commit`, carried out when it has no problem (else nothing is). */
export async function runPromotion(db: Tx, doc: PromotionDocument, target: PromotionTarget, options: RunOptions): Promise<PromotionPlan> {
  const candidates = candidatesOf(doc, target)
  let plan: PromotionPlan | undefined
  try {
    await db.transaction().execute(async (tx) => {
      plan = await planIn(tx, candidates, options)
      if (!options.commit || plan.summary.problems > 0) throw new RollBack()
    })
  } catch (err) {
    if (!(err instanceof RollBack)) throw err
  }
  return plan!
}

/** What an apply whose plan has problems answers: it wrote nothing. */
export const notApplied = (plan: PromotionPlan) => new Refusal(ResultCode.conflict, 'msg_promotion_not_applied', { count: plan.summary.problems })

const given = (values: PlaceholderValues, name: string): string | undefined => ownValue(values, name) || undefined

async function planIn(tx: Tx, candidates: Candidate[], { values, locale, needsApproval = false }: RunOptions): Promise<PromotionPlan> {
  const items: PlanItem[] = []
  const placeholders: Placeholder[] = []
  const seen = new Set<string>()
  const problemOf = (err: unknown) => {
    if (!(err instanceof Refusal)) throw err
    const field = err.fields?.[0]
    const message = translateMessage(locale, err.messageKey, err.params)
    return field ? { code: err.code, message: `${message}: ${field.path} — ${translateMessage(locale, field.key)}`, field: field.path } : { code: err.code, message }
  }
  for (const c of candidates) {
    const item: PlanItem = { kind: c.kind, code: c.code, action: 'unchanged', fields: [], problems: [] }
    items.push(item)
    const key = `${c.kind}\u0000${c.code}`
    if (seen.has(key)) {
      item.problems.push(problemOf(promotionDuplicate()))
      continue
    }
    seen.add(key)
    try {
      const existing = await c.read(tx)
      item.action = existing ? 'unchanged' : 'create'
      const secrets: Record<string, string> = {}
      const secretFields: PlanField[] = []
      for (const { field, ref } of c.secrets) {
        if (ref === '') continue
        const value = given(values, ref.$secret)
        placeholders.push({ name: ref.$secret, kind: c.kind, code: c.code, field, required: !existing, provided: value !== undefined })
        const changed = value !== undefined && !(existing?.secretMatches(field, value) ?? false)
        if (value !== undefined && changed) secrets[field] = value
        secretFields.push({ field, current: '', incoming: '', changed: existing ? changed : true, secret: true })
        if (!existing && value === undefined) item.problems.push(problemOf(placeholderMissing(ref.$secret)))
      }
      const diff = diffFields(existing?.fields ?? {}, c.incoming).map((d): PlanField => ({ field: d.field, current: existing ? d.older : '', incoming: d.newer, changed: existing ? d.changed : true }))
      const changed = new Set(diff.filter((d) => d.changed).map((d) => d.field))
      if (existing && (changed.size > 0 || Object.keys(secrets).length > 0)) item.action = 'change'
      if (item.action !== 'unchanged') item.fields = [...diff, ...secretFields]
      if (item.problems.length > 0 || item.action === 'unchanged') continue
      // Change control (src/hub/approvals/changes): the editor's save of this kind is gated, so
      // the import is too — an object under review is refused as the editors refuse it, and an
      // importer whose changes need approval cannot write it (see README.md of this folder).
      const controlled = CONTROLLED_SAVES.get(c.editor.id)?.object
      if (controlled && existing && (await changeRepository.changing(approvalsDb(tx), controlled.type, existing.id))) throw dataChanging()
      if (controlled && needsApproval) throw promotionNeedsApproval()
      // A savepoint per object: a statement the store refuses (PostgreSQL then refuses every
      // later one of the transaction) undoes this object only, and the plan goes on to the next.
      await sql`savepoint promotion_item`.execute(tx)
      try {
        if (!existing) await c.create(tx, secrets)
        else await existing.change(tx, changed, secrets)
        await sql`release savepoint promotion_item`.execute(tx)
      } catch (err) {
        await sql`rollback to savepoint promotion_item`.execute(tx)
        await sql`release savepoint promotion_item`.execute(tx)
        throw err
      }
    } catch (err) {
      item.problems.push(problemOf(err))
    }
  }
  const count = (a: PlanItem['action']) => items.filter((i) => i.action === a).length
  return {
    formatVersion: 1,
    items,
    placeholders,
    summary: { create: count('create'), change: count('change'), unchanged: count('unchanged'), problems: items.reduce((n, i) => n + i.problems.length, 0) },
  }
}
