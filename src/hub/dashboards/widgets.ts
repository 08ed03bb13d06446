import type { z } from 'zod'
import * as contract from '../../shared/contract/dashboards/widgets'
import { WIDGET_PERMISSION } from '../../shared/contract/dashboards/permissions'
import { DATASOURCE_PERMISSION } from '../../shared/contract/datahub/dataSources'
import { requirePermissions } from '../authority/held'
import { isSeriesMetric } from '../../shared/rules/dashboards/metrics'
import { dataSourceRepository } from '../datahub/dataSources/dataSourceRepository'
import { dataSourceDb } from '../datahub/dataSources/tables'
import { author, created, updated } from '../datahub/saving'
import { signedIn } from '../http/auth'
import { route, type CallContext } from '../http/context'
import { newId } from '../store/ids'
import { dashboardRepository } from './dashboardRepository'
import { widgetInUse, widgetNotShown } from './refusals'
import { dashboardDb } from './tables'
import { widgetDataOf } from './widgetData'
import { widgetRepository as widgets } from './widgetRepository'

type WidgetInput = z.output<typeof contract.widgetCreate.input>

/** An api widget and a state metric use no content; a series metric's is its topic's code (empty: every topic). */
function contentOf(w: WidgetInput): string {
  if (w.dataType === 'api') return ''
  if (w.dataType === 'metric') return isSeriesMetric(w.dataSource) ? w.content.trim() : ''
  return w.content
}

/** The columns of a widget; what its data type does not use is stored empty. */
const columns = (w: WidgetInput) => ({
  title: w.title,
  layout_type: w.layoutType,
  chart_type: w.chartType,
  data_type: w.dataType,
  data_source: w.dataType === 'json' || w.dataType === 'html' ? '' : w.dataSource,
  content: contentOf(w),
})

/** The kinds the SQL preview has drivers for (datahub/dataSources/sql/index.ts). */
const SQL_KINDS = new Set(['postgresql', 'mysql', 'mariadb', 'sqlite'])

/**
 * A SQL widget runs its query on a data source: as much as the SQL preview, so whoever saves or
 * previews one holds the data-source permission too, not the widget permission alone (the
 * refusal names it). Viewers of a saved widget on a dashboard they see need neither.
 */
async function mayQuerySources(call: CallContext, dataType: string): Promise<void> {
  if (dataType === 'sql') await requirePermissions(call.hub.store.db, call, [DATASOURCE_PERMISSION])
}

export const widgetList = route(contract.widgetList, async (q, call) => widgets.list(dashboardDb(call.hub.store.db), q))

export const widgetDetail = route(contract.widgetDetail, async ({ id }, call) => widgets.find(dashboardDb(call.hub.store.db), id))

export const widgetCreate = route(contract.widgetCreate, async (input, call) => {
  await mayQuerySources(call, input.dataType)
  const db = dashboardDb(call.hub.store.db)
  const id = newId()
  await widgets.insert(db, { id, ...columns(input), ...created(await author(call)) })
  return widgets.find(db, id)
})

export const widgetUpdate = route(contract.widgetUpdate, async (input, call) => {
  await mayQuerySources(call, input.dataType)
  const db = dashboardDb(call.hub.store.db)
  const who = await author(call)
  await widgets.stored(db, input.id)
  await widgets.save(db, { id: input.id, version: input.version }, { ...columns(input), ...updated(who) })
  return widgets.find(db, input.id)
})

/** A widget a dashboard shows stays: take it off the dashboards first (they would lose it silently). */
export const widgetDelete = route(contract.widgetDelete, async ({ id }, call) => {
  const db = dashboardDb(call.hub.store.db)
  await widgets.stored(db, id)
  const placedOn = await widgets.placedOn(db, id)
  if (placedOn > 0) throw widgetInUse({ count: placedOn })
  await widgets.remove(db, id)
  return null
})

export const widgetPreview = route(contract.widgetPreview, async (input, call) => {
  await mayQuerySources(call, input.dataType)
  return widgetDataOf(call, input)
})

export const widgetSources = route(contract.widgetSources, async (_, call) =>
  (await dataSourceRepository.enabled(dataSourceDb(call.hub.store.db), undefined, undefined)).filter((s) => SQL_KINDS.has(s.dbType)).map((s) => ({ name: s.name, dbType: s.dbType })),
)

/** Composers (the widget permission) see any widget's data; viewers only a widget on a dashboard they see. */
async function mayShow(call: CallContext, widgetId: string, dashboardId: string | undefined): Promise<boolean> {
  const { userId } = signedIn(call)
  if ((await call.hub.access.permissionsOf(call.hub, userId)).includes(WIDGET_PERMISSION)) return true
  if (!dashboardId) return false
  const db = dashboardDb(call.hub.store.db)
  const viewer = { userId, roleCodes: await dashboardRepository.roleCodesOf(db, userId) }
  await dashboardRepository.visibleRow(db, viewer, dashboardId)
  return dashboardRepository.shows(db, dashboardId, widgetId)
}

export const widgetData = route(contract.widgetData, async ({ id, dashboardId }, call) => {
  const db = dashboardDb(call.hub.store.db)
  const stored = await widgets.stored(db, id)
  if (!(await mayShow(call, id, dashboardId))) throw widgetNotShown()
  return widgetDataOf(call, { dataType: stored.data_type as never, dataSource: stored.data_source, content: stored.content })
})
