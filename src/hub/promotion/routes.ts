import * as contract from '../../shared/contract/promotion/endpoints'
import { endpointsIn } from '../../shared/endpoint'
import type { PromotionDocument } from '../../shared/contract/promotion/document'
import { roleApprovalRepository } from '../approvals/changes/roleApprovalRepository'
import { approvalsDb } from '../approvals/tables'
import { requirePermissions } from '../authority/held'
import { secretKey } from '../kernel/secrets'
import { author } from '../datahub/saving'
import { signedIn } from '../http/auth'
import { route, type CallContext } from '../http/context'
import { adminDb } from '../platform/admin/tables'
import { userRepository } from '../platform/admin/userRepository'
import { routesFor } from '../http/routeMaps'
import { exportDocument, promotionCatalog as catalog } from './exportDocument'
import { notApplied, promotionPermissions, runPromotion } from './plan'
import type { PromotionTarget } from './target'

const targetOf = async (call: CallContext): Promise<PromotionTarget> => ({
  storeKind: call.hub.store.kind,
  secretKey: secretKey(call.hub.config.dataDir),
  who: await author(call),
  asker: call,
  administrator: await userRepository.isAdministrator(adminDb(call.hub.store.db), signedIn(call).userId),
})

/**
 * The hub the caller imports into, once the caller is found to hold every permission the
 * document's objects need (datahub:promotion alone opens the calls, not the editors): else 4031
 * naming the first one it lacks, and nothing is planned or written.
 */
async function allowedTarget(document: PromotionDocument, call: CallContext): Promise<PromotionTarget> {
  const target = await targetOf(call)
  await requirePermissions(call.hub.store.db, call, promotionPermissions(document, target))
  return target
}

/** Whether one of the caller's roles says its changes need approval (the change gate's own rule). */
const needsApproval = async (call: CallContext): Promise<boolean> => (await roleApprovalRepository.requiredProcess(approvalsDb(call.hub.store.db), signedIn(call).userId)) !== null

export const promotionCatalog = route(contract.promotionCatalog, async (_input, call) => catalog(call.hub.store.db))

export const promotionExport = route(contract.promotionExport, async (selection, call) => exportDocument(call.hub.store.db, call.hub.store.kind, selection))

export const promotionPlan = route(contract.promotionPlan, async ({ document, values }, call) =>
  runPromotion(call.hub.store.db, document, await allowedTarget(document, call), { values, locale: call.locale, commit: false, needsApproval: await needsApproval(call) }),
)

export const promotionApply = route(
  contract.promotionApply,
  async ({ document, values }, call) => {
    const plan = await runPromotion(call.hub.store.db, document, await allowedTarget(document, call), { values, locale: call.locale, commit: true, needsApproval: await needsApproval(call) })
    if (plan.summary.problems > 0) throw notApplied(plan)
    return plan
  },
  { successMessage: 'msg_promotion_applied' },
)

/** Promotion between hubs: export, plan and apply of configuration documents (issue 18). */
export const promotionRoutes = routesFor(endpointsIn(contract), { promotionCatalog, promotionExport, promotionPlan, promotionApply })
