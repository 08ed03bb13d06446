import type { z } from 'zod'
import * as contract from '../../shared/contract/dashboards/dashboards'
import type { Placement } from '../../shared/rules/dashboards/dashboard'
import { author, created, updated } from '../datahub/saving'
import { signedIn } from '../http/auth'
import { route, type CallContext } from '../http/context'
import { newId } from '../store/ids'
import { dashboardRepository as dashboards, type Viewer } from './dashboardRepository'
import { dashboardNotOwner, dashboardRoleUnknown, dashboardWidgetTwice, widgetNotFound } from './refusals'
import { dashboardDb, type DashboardDb } from './tables'
import { widgetRepository } from './widgetRepository'

type DashboardInput = z.output<typeof contract.dashboardCreate.input>

async function viewerOf(call: CallContext, db: DashboardDb): Promise<Viewer> {
  const { userId } = signedIn(call)
  return { userId, roleCodes: await dashboards.roleCodesOf(db, userId) }
}

/** Each widget placed once and stored; the roles shared with known. Answers the role codes without repeats. */
async function checkParts(db: DashboardDb, input: DashboardInput): Promise<{ layout: Placement[]; roles: string[] }> {
  const ids = input.layout.map((p) => p.widgetId)
  if (new Set(ids).size !== ids.length) throw dashboardWidgetTwice()
  const stored = new Set(await widgetRepository.existingIds(db, ids))
  if (ids.some((id) => !stored.has(id))) throw widgetNotFound()
  const roles = [...new Set(input.sharedRoles)]
  const known = new Set((await dashboards.enabledRoles(db)).map((r) => r.role_code))
  const unknown = roles.find((r) => !known.has(r))
  if (unknown !== undefined) throw dashboardRoleUnknown({ code: unknown })
  return { layout: input.layout, roles }
}

export const dashboardList = route(contract.dashboardList, async (q, call) => {
  const db = dashboardDb(call.hub.store.db)
  return dashboards.list(db, await viewerOf(call, db), q)
})

export const dashboardDetail = route(contract.dashboardDetail, async ({ id }, call) => {
  const db = dashboardDb(call.hub.store.db)
  return dashboards.find(db, await viewerOf(call, db), id)
})

export const dashboardCreate = route(contract.dashboardCreate, async (input, call) => {
  const db = dashboardDb(call.hub.store.db)
  const viewer = await viewerOf(call, db)
  const who = await author(call)
  const id = newId()
  await db.transaction().execute(async (tx) => {
    const { layout, roles } = await checkParts(tx, input)
    await dashboards.insert(tx, { id, title: input.title, owner_id: viewer.userId, ...created(who) })
    await dashboards.replaceParts(tx, id, layout, roles)
  })
  return dashboards.find(db, viewer, id)
})

/** The owner's: another who sees it (through a role) is told so, one who does not hears "not found". */
export const dashboardUpdate = route(contract.dashboardUpdate, async (input, call) => {
  const db = dashboardDb(call.hub.store.db)
  const viewer = await viewerOf(call, db)
  const who = await author(call)
  await db.transaction().execute(async (tx) => {
    const row = await dashboards.visibleRow(tx, viewer, input.id)
    if (row.owner_id !== viewer.userId) throw dashboardNotOwner()
    const { layout, roles } = await checkParts(tx, input)
    await dashboards.save(tx, { id: input.id, version: input.version }, { title: input.title, ...updated(who) })
    await dashboards.replaceParts(tx, input.id, layout, roles)
  })
  return dashboards.find(db, viewer, input.id)
})

export const dashboardDelete = route(contract.dashboardDelete, async ({ id }, call) => {
  const db = dashboardDb(call.hub.store.db)
  const viewer = await viewerOf(call, db)
  await db.transaction().execute(async (tx) => {
    const row = await dashboards.visibleRow(tx, viewer, id)
    if (row.owner_id !== viewer.userId) throw dashboardNotOwner()
    await dashboards.removeAll(tx, id)
  })
  return null
})

export const dashboardRoles = route(contract.dashboardRoles, async (_, call) =>
  (await dashboards.enabledRoles(dashboardDb(call.hub.store.db))).map((r) => ({ code: r.role_code, name: r.role_name, nameEn: r.role_name_en })),
)
