import * as contract from '../../shared/contract/approvals/processes'
import { modelIssues, processModelSchema, type ProcessModel } from '../../shared/rules/approvals/process'
import { ResultCode } from '../../shared/envelope'
import { route } from '../http/context'
import { Refusal } from '../kernel/refusal'
import { author } from '../datahub/saving'
import { newId } from '../store/ids'
import { isUniqueViolation } from '../store/uniqueViolation'
import { translateMessage } from '../../../locales'
import { checkApproverCodes, namesByCode } from './approverCodes'
import { fromBpmnXml, NotBpmn } from './bpmn/fromBpmn'
import { toBpmnXml } from './bpmn/toBpmn'
import { processRepository as processes, toDeployment } from './processRepository'
import { processTypeRepository as types } from './processTypeRepository'
import { subjectRepository as subjects } from './subjectRepository'
import { processInUse, processKeyDuplicate, processKeyLocked, processTypeNotFound, stale } from './refusals'
import { approvalsDb, type ApprovalsDb } from './tables'

/**
 * The graph's rules (shared with the designer) as the '4001' answer, every issue at its path;
 * then, on a whole graph, the roles, positions and users its approval nodes name must exist.
 */
async function checkModel(db: ApprovalsDb, model: ProcessModel): Promise<void> {
  const issues = modelIssues(model)
  if (issues.length > 0) throw new Refusal(ResultCode.validation, 'msg_validation_failed', {}, issues)
  await checkApproverCodes(db, model)
}

async function checkType(db: ApprovalsDb, typeId: string): Promise<void> {
  if (typeId && !(await types.exists(db, { id: typeId }))) throw processTypeNotFound()
}

export const processList = route(contract.processList, async (q, call) => processes.list(approvalsDb(call.hub.store.db), q))

export const processDetail = route(contract.processDetail, async ({ id }, call) => processes.detail(approvalsDb(call.hub.store.db), id))

export const processAdd = route(contract.processAdd, async (input, call) => {
  const db = approvalsDb(call.hub.store.db)
  await checkModel(db, input.model)
  await checkType(db, input.typeId)
  if (await processes.exists(db, { process_key: input.processKey })) throw processKeyDuplicate()
  const who = await author(call)
  const id = newId()
  await processes.insert(db, {
    id,
    process_key: input.processKey,
    name: input.name,
    type_id: input.typeId,
    remark: input.remark,
    model: JSON.stringify(input.model),
    bpmn_xml: await toBpmnXml(input.processKey, input.name, input.model),
    version: 1,
    created_at: who.at,
    created_by: who.username,
    updated_at: who.at,
    updated_by: who.username,
  })
  return processes.detail(db, id)
})

export const processUpdate = route(contract.processUpdate, async ({ id, version, ...input }, call) => {
  const db = approvalsDb(call.hub.store.db)
  const stored = await processes.stored(db, id)
  if (stored.version !== version) throw stale()
  if (input.processKey !== stored.process_key) throw processKeyLocked()
  await checkModel(db, input.model)
  await checkType(db, input.typeId)
  const who = await author(call)
  const values = {
    name: input.name,
    type_id: input.typeId,
    remark: input.remark,
    model: JSON.stringify(input.model),
    bpmn_xml: await toBpmnXml(stored.process_key, input.name, input.model),
    updated_at: who.at,
    updated_by: who.username,
  }
  await processes.saveVersioned(db, stored, values, stale)
  return processes.detail(db, id)
})

/**
 * A new immutable version of the key: the definition as saved at `version`. Versions count per
 * key from 1; two deploys at once cannot take the same number (unique index: the second is
 * refused as stale and may deploy again).
 */
export const processDeploy = route(contract.processDeploy, async ({ id, version }, call) => {
  const db = approvalsDb(call.hub.store.db)
  const who = await author(call)
  const stored = await processes.stored(db, id)
  if (stored.version !== version) throw stale()
  await checkModel(db, processModelSchema.parse(JSON.parse(stored.model)))
  const last = await db.selectFrom('wf_deployments').select((eb) => eb.fn.max('deploy_version').as('v')).where('process_key', '=', stored.process_key).executeTakeFirst()
  const deployId = newId()
  try {
    await db
      .insertInto('wf_deployments')
      .values({
        id: deployId,
        process_id: stored.id,
        process_key: stored.process_key,
        deploy_version: Number(last?.v ?? 0) + 1,
        name: stored.name,
        type_id: stored.type_id,
        model: stored.model,
        bpmn_xml: stored.bpmn_xml,
        source_version: stored.version,
        deployed_at: who.at,
        deployed_by: who.username,
      })
      .execute()
  } catch (err) {
    if (isUniqueViolation(err)) throw stale()
    throw err
  }
  return toDeployment(await processes.deployment(db, deployId))
})

export const processDeployments = route(contract.processDeployments, async ({ processKey }, call) => processes.deployments(approvalsDb(call.hub.store.db), processKey))

/** An unsaved duplicate for the designer (GET changes nothing); saved with /add under its new key. */
export const processCopy = route(contract.processCopy, async ({ id }, call) => {
  const stored = await processes.stored(approvalsDb(call.hub.store.db), id)
  const suffix = translateMessage(call.locale, 'msg_process_copy_suffix')
  return {
    processKey: `${stored.process_key}_copy`.slice(0, 64),
    name: `${stored.name}${suffix}`.slice(0, 100),
    typeId: stored.type_id,
    remark: stored.remark,
    model: processModelSchema.parse(JSON.parse(stored.model)),
  }
})

/**
 * A BPMN file read into a draft (bpmn/fromBpmn.ts), changing nothing: the elements it could not
 * represent, and what saving the draft would refuse (the graph's rules, approvers unknown here),
 * both translated, so the operator sees them before the designer opens it.
 */
export const processImportBpmn = route(contract.processImportBpmn, async ({ file }, call) => {
  const db = approvalsDb(call.hub.store.db)
  let read: Awaited<ReturnType<typeof fromBpmnXml>>
  try {
    read = await fromBpmnXml(new TextDecoder('utf-8', { fatal: false }).decode(file.bytes))
  } catch (err) {
    if (err instanceof NotBpmn) throw new Refusal(ResultCode.validation, 'msg_bpmn_invalid', {}, [{ path: 'file', key: 'msg_bpmn_invalid' }])
    throw err
  }
  const t = (key: string, params: Record<string, string> = {}) => translateMessage(call.locale, key, params)
  const unsupported = read.unsupported.map((u) => ({ id: u.id, name: u.name, element: u.element, reason: u.reason, message: t(u.reason, u.params) }))
  const parsed = processModelSchema.safeParse(read.draft.model)
  let issues: { path: string; key: string }[] = parsed.success ? modelIssues(parsed.data) : parsed.error.issues.map((i) => ({ path: ['model', ...i.path].join('.'), key: i.message }))
  if (parsed.success && issues.length === 0) {
    try {
      await checkApproverCodes(db, parsed.data)
    } catch (err) {
      if (!(err instanceof Refusal)) throw err
      issues = err.fields ?? []
    }
  }
  return { draft: read.draft, unsupported, issues: issues.map((i) => ({ ...i, message: t(i.key) })) }
})

export const processListSubject = route(contract.processListSubject, async (q, call) => subjects.list(approvalsDb(call.hub.store.db), { ...q, viewerId: null }))

export const processApproverNames = route(contract.processApproverNames, async (codes, call) => namesByCode(approvalsDb(call.hub.store.db), codes))

export const processListLatest = route(contract.processListLatest, async (_input, call) => [...(await processes.latestDeployments(approvalsDb(call.hub.store.db))).values()].map(toDeployment))

/** Deployed versions stay: instances running on them finish on them. */
export const processDelete = route(contract.processDelete, async ({ id }, call) => {
  const db = approvalsDb(call.hub.store.db)
  const stored = await processes.stored(db, id)
  const used = await db.selectFrom('wf_role_approvals').select('role_id').where('process_key', '=', stored.process_key).where('enabled', '=', '1').executeTakeFirst()
  if (used) throw processInUse()
  await processes.remove(db, id)
  return null
})
