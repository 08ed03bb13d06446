import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/admin/positions'
import { POSITION_TEXT_MAX, SEQUENCE_MAX } from '../../../shared/rules/platform/position'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { positionRepository as positions } from './positionRepository'
import { positionDuplicate } from './refusals'
import { adminDb, type AdminDb } from './tables'
import { buildTree, checkTreeChange } from './tree'

export const positionList = route(contract.positionList, async (q, call) => positions.list(adminDb(call.hub.store.db), q))

export const positionListByOrgCode = route(contract.positionListByOrgCode, async ({ orgCode }, call) => positions.byOrgCode(adminDb(call.hub.store.db), orgCode))

export const positionDetail = route(contract.positionDetail, async ({ id }, call) => positions.find(adminDb(call.hub.store.db), id))

export const positionLimits = route(contract.positionLimits, async () => ({ codeMax: POSITION_TEXT_MAX, nameMax: POSITION_TEXT_MAX, sequenceMin: 0, sequenceMax: SEQUENCE_MAX }))

type PositionInput = z.output<typeof contract.positionCreate.input>

async function savePosition(db: AdminDb, id: string | null, input: PositionInput): Promise<string> {
  return db.transaction().execute(async (tx) => {
    if (id) await positions.stored(tx, id)
    if (await positions.exists(tx, { code: input.code }, id)) throw positionDuplicate()
    checkTreeChange(await positions.treeRows(tx), { id, parentId: input.parentId || null, status: input.status })
    const values = {
      code: input.code,
      name: input.name,
      sequence: input.sequence,
      description: input.description,
      parent_id: input.parentId || null,
      status: input.status,
      updated_at: isoNow(),
    }
    if (id) {
      await positions.update(tx, id, values)
      return id
    }
    const created = newId()
    await positions.insert(tx, { id: created, ...values, created_at: values.updated_at })
    return created
  })
}

export const positionCreate = route(contract.positionCreate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  return positions.find(db, await savePosition(db, null, input))
})

export const positionUpdate = route(contract.positionUpdate, async (input, call) => {
  const db = adminDb(call.hub.store.db)
  return positions.find(db, await savePosition(db, input.id, input))
})

/** Children move up to the deleted position's parent; its organisation and user links go with it. */
export const positionDelete = route(contract.positionDelete, async ({ id }, call) => {
  const db = adminDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    await positions.removeKeepingChildren(tx, await positions.stored(tx, id))
  })
  return null
})

export const positionByOrgCodes = route(contract.positionByOrgCodes, async ({ orgCodes }, call) => {
  const rows = await positions.boundToAny(adminDb(call.hub.store.db), orgCodes)
  return buildTree(rows, (r) => ({ id: r.id, code: r.code, name: r.name, status: r.status }))
})
