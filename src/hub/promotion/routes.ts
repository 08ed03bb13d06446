import * as contract from '../../shared/contract/promotion/endpoints'
import { endpointsIn } from '../../shared/endpoint'
import { secretKey } from '../datahub/dataSources/secrets'
import { author } from '../datahub/saving'
import { signedIn } from '../http/auth'
import { route, type CallContext } from '../http/context'
import { adminDb } from '../platform/admin/tables'
import { userRepository } from '../platform/admin/userRepository'
import { routesFor } from '../http/routeMaps'
import { exportDocument, promotionCatalog as catalog } from './exportDocument'
import { notApplied, runPromotion } from './plan'
import type { PromotionTarget } from './target'

const targetOf = async (call: CallContext): Promise<PromotionTarget> => ({
  storeKind: call.hub.store.kind,
  secretKey: secretKey(call.hub.config.dataDir),
  who: await author(call),
  administrator: await userRepository.isAdministrator(adminDb(call.hub.store.db), signedIn(call).userId),
})

export const promotionCatalog = route(contract.promotionCatalog, async (_input, call) => catalog(call.hub.store.db))

export const promotionExport = route(contract.promotionExport, async (selection, call) => exportDocument(call.hub.store.db, call.hub.store.kind, selection))

export const promotionPlan = route(contract.promotionPlan, async ({ document, values }, call) =>
  runPromotion(call.hub.store.db, document, await targetOf(call), { values, locale: call.locale, commit: false }),
)

export const promotionApply = route(
  contract.promotionApply,
  async ({ document, values }, call) => {
    const plan = await runPromotion(call.hub.store.db, document, await targetOf(call), { values, locale: call.locale, commit: true })
    if (plan.summary.problems > 0) throw notApplied(plan)
    return plan
  },
  { successMessage: 'msg_promotion_applied' },
)

/** Promotion between hubs: export, plan and apply of configuration documents (issue 18). */
export const promotionRoutes = routesFor(endpointsIn(contract), { promotionCatalog, promotionExport, promotionPlan, promotionApply })
