import { signedIn } from '../../http/auth'
import type { Route } from '../../http/context'
import { dataChanging } from '../refusals'
import { approvalsDb } from '../tables'
import { CONTROLLED_SAVES } from './objects'
import { roleApprovalRepository } from './roleApprovalRepository'
import { isChanging, submitChange } from './submit'

/**
 * The one place changes of hub configuration meet approval: src/hub/routes.ts passes every route
 * through here, and the saves of topics, producers, consumers, data sources and gateway routes
 * (changes/objects.ts) come back wrapped. A wrapped save first refuses an object with a change
 * under review ("data currently changing cannot be changed again"), whoever calls; then, when
 * one of the caller's roles requires approval, submits the change instead of saving it
 * (submit.ts); otherwise it is the save as before. An approved change is applied by the
 * unwrapped handler (apply.ts), so it never comes through here again.
 */
export function underChangeControl(route: Route): Route {
  const save = CONTROLLED_SAVES.get(route.endpoint.id)
  if (!save) return route
  return {
    ...route,
    handle: async (input, call) => {
      const db = approvalsDb(call.hub.store.db)
      const objectId = save.action === 'create' ? '' : String((input as { id?: unknown }).id ?? '')
      if (objectId && (await isChanging(db, save, objectId))) throw dataChanging()
      const processKey = await roleApprovalRepository.requiredProcess(db, signedIn(call).userId)
      if (!processKey) return route.handle(input, call)
      return (await submitChange(call, save, input, objectId, processKey)) as never
    },
  }
}
