import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../shared/contract/approvals/processes'
import type { Deployment, ProcessDetail, ProcessSummary } from '../../shared/contract/approvals/processes'
import { processModelSchema } from '../../shared/rules/approvals/process'
import { containsText } from '../store/like'
import { page } from '../store/paging'
import { processTypeRepository } from './processTypeRepository'
import { processKeyDuplicate, processNotFound } from './refusals'
import { approvalRepository, type ApprovalsDb, type DeploymentsTable, type ProcessesTable } from './tables'

type Row = Selectable<ProcessesTable>
const rows = approvalRepository({ table: 'wf_processes', toRecord: (r: Row) => r, notFound: processNotFound, duplicate: processKeyDuplicate })

export const toDeployment = (r: Selectable<DeploymentsTable>): Deployment => ({
  id: r.id,
  processId: r.process_id,
  processKey: r.process_key,
  name: r.name,
  typeId: r.type_id,
  deployVersion: Number(r.deploy_version),
  deployedAt: r.deployed_at,
  deployedBy: r.deployed_by,
})

/** Newest deployed version per key, with the definition version it was made from. */
async function latestDeployments(db: ApprovalsDb, keys?: readonly string[]): Promise<Map<string, Selectable<DeploymentsTable>>> {
  if (keys && keys.length === 0) return new Map()
  let query = db
    .selectFrom('wf_deployments as d')
    .selectAll('d')
    .where(({ eb, selectFrom }) => eb('d.deploy_version', '=', selectFrom('wf_deployments as n').select((e) => e.fn.max('n.deploy_version').as('v')).whereRef('n.process_key', '=', 'd.process_key')))
  if (keys) query = query.where('d.process_key', 'in', keys)
  const found = await query.orderBy('d.process_key').execute()
  return new Map(found.map((r) => [r.process_key, r]))
}

async function summaries(db: ApprovalsDb, found: Row[]): Promise<ProcessSummary[]> {
  const typeNames = await processTypeRepository.namesOf(db, found.map((r) => r.type_id))
  const deployed = await latestDeployments(db, found.map((r) => r.process_key))
  return found.map((r) => {
    const last = deployed.get(r.process_key)
    return {
      id: r.id,
      processKey: r.process_key,
      name: r.name,
      typeId: r.type_id,
      typeName: typeNames.get(r.type_id) ?? '',
      remark: r.remark,
      version: Number(r.version),
      deployedVersion: last ? Number(last.deploy_version) : null,
      changedSinceDeploy: !last || last.process_id !== r.id || Number(last.source_version) !== Number(r.version),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      updatedBy: r.updated_by,
    }
  })
}

/** Process definitions (editable) and their deployed versions (immutable). */
export const processRepository = {
  ...rows,

  list(db: ApprovalsDb, q: z.output<typeof contract.processList.input>) {
    let base = rows.from(db)
    const name = q.name?.trim()
    if (name) base = base.where((eb) => eb.or([containsText('process_key', name), containsText('name', name)]))
    if (q.typeId) base = base.where('type_id', '=', q.typeId)
    return page(base.selectAll().orderBy('updated_at', 'desc').orderBy('id'), q, (found) => summaries(db, found as Row[]))
  },

  async detail(db: ApprovalsDb, id: string): Promise<ProcessDetail> {
    const row = await rows.stored(db, id)
    const [summary] = await summaries(db, [row])
    return { ...summary!, model: processModelSchema.parse(JSON.parse(row.model)), bpmnXml: row.bpmn_xml }
  },

  latestDeployments,

  async deployments(db: ApprovalsDb, processKey: string): Promise<Deployment[]> {
    const found = await db.selectFrom('wf_deployments').selectAll().where('process_key', '=', processKey).orderBy('deploy_version', 'desc').execute()
    return found.map(toDeployment)
  },

  deployment: (db: ApprovalsDb, id: string) => db.selectFrom('wf_deployments').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
}
