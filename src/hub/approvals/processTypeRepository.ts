import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../shared/contract/approvals/processTypes'
import type { ProcessType } from '../../shared/contract/approvals/processTypes'
import { containsText } from '../store/like'
import { processTypeDuplicate, processTypeNotFound } from './refusals'
import { approvalRepository, type ApprovalsDb, type ProcessTypesTable } from './tables'

const toRecord = (r: Selectable<ProcessTypesTable>): ProcessType => ({
  id: r.id,
  code: r.code,
  name: r.name,
  sort: Number(r.sort),
  remark: r.remark,
  version: Number(r.version),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

const repository = approvalRepository({ table: 'wf_process_types', toRecord, notFound: processTypeNotFound, duplicate: processTypeDuplicate })

export const processTypeRepository = {
  ...repository,

  list(db: ApprovalsDb, q: z.output<typeof contract.processTypeList.input>) {
    let base = repository.from(db)
    const name = q.name?.trim()
    if (name) base = base.where((eb) => eb.or([containsText('code', name), containsText('name', name)]))
    return repository.page(base.selectAll().orderBy('sort').orderBy('code'), q)
  },

  /** Names by id, for the process lists. */
  async namesOf(db: ApprovalsDb, ids: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter(Boolean))]
    if (wanted.length === 0) return new Map()
    const rows = await db.selectFrom('wf_process_types').select(['id', 'name']).where('id', 'in', wanted).execute()
    return new Map(rows.map((r) => [r.id, r.name]))
  },
}
