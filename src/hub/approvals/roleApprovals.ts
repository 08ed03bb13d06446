import * as contract from '../../shared/contract/approvals/processes'
import { author } from '../datahub/saving'
import { signedIn } from '../http/auth'
import { route } from '../http/context'
import { roleApprovalRepository as switches } from './changes/roleApprovalRepository'
import { processRepository } from './processRepository'
import { processNotDeployed, roleNotFound } from './refusals'
import { approvalsDb } from './tables'

export const roleApprovalList = route(contract.roleApprovalList, async (_input, call) => switches.list(approvalsDb(call.hub.store.db)))

/** The same question the change gate (changes/gate.ts) asks before a save, about the caller. */
export const roleApprovalMine = route(contract.roleApprovalMine, async (_input, call) => ({
  required: (await switches.requiredProcess(approvalsDb(call.hub.store.db), signedIn(call).userId)) != null,
}))

/** Switching on needs a deployed process: a change submitted must always find a version to run on. */
export const roleApprovalSave = route(contract.roleApprovalSave, async ({ roleId, enabled, processKey }, call) => {
  const db = approvalsDb(call.hub.store.db)
  if (!(await switches.one(db, roleId))) throw roleNotFound()
  if (enabled === '1' && !(await processRepository.latestDeployments(db, [processKey])).has(processKey)) throw processNotDeployed()
  const who = await author(call)
  await switches.save(db, { roleId, enabled, processKey }, { at: who.at, username: who.username })
  return (await switches.one(db, roleId))!
})
