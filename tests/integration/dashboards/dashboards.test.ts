import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as board from '../../../src/shared/contract/dashboards/dashboards'
import * as topic from '../../../src/shared/contract/datahub/topic'
import type { TopicDetail } from '../../../src/shared/contract/datahub/topic'
import * as widget from '../../../src/shared/contract/dashboards/widgets'
import type { Dashboard, DashboardSummary } from '../../../src/shared/contract/dashboards/dashboards'
import type { Widget, WidgetData } from '../../../src/shared/contract/dashboards/widgets'
import type { Paged } from '../../../src/shared/contract/paging'
import { sqliteSourcesDir } from '../../../src/hub/config'
import { recordMessage } from '../../../src/hub/runtime/queue/messages'
import { isoNow, newId } from '../../../src/hub/store/ids'
import { openCallBench, fieldKeys, refusal, type CallBench } from '../../support/bench'
import { addUser, signIn } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { createSource, describeWith, pgSource, uniqueName, withPg } from '../dataSources/support'

/**
 * Dashboards and widgets through the hub's calls, on each store: widgets composed and changed
 * under their version, dashboards private or shared with roles, a viewer of another role seeing
 * what is shared with it and nothing else, and widget data from typed JSON, the hub's metrics
 * and read-only SQL on real SQLite and PostgreSQL sources.
 */
const targets = await storeTargets()

const jsonWidget = { title: 'Orders by region', layoutType: 'medium', chartType: 'bar', dataType: 'json', content: '{"north": 3, "south": 5}' }

describeEachStore(targets, 'dashboards and widgets', (target) => {
  let b: CallBench
  /** A user of role `viewer`, which holds the dashboards page only (not the widgets page). */
  let viewer: string
  /** A user of role `other`, with the same permission and no share. */
  let outsider: string

  const role = async (code: string, permissions: string[]) => {
    const id = newId()
    const at = isoNow()
    await b.hub.store.db.insertInto('roles').values({ id, role_code: code, role_name: code, is_sys: '0', status: '1', created_at: at, updated_at: at }).execute()
    await b.hub.store.db.insertInto('role_permissions').values(permissions.map((permission) => ({ role_id: id, permission }))).execute()
  }

  beforeAll(async () => {
    b = await openCallBench(target, { allowPrivateWsdl: false })
    await role('viewer', ['dashboard', 'dashboard:list'])
    await role('other', ['dashboard', 'dashboard:list'])
    await addUser(b.hub.store, { username: 'viewer01', password: 'View#Pass123', roles: ['viewer'] })
    await addUser(b.hub.store, { username: 'other01', password: 'Othr#Pass123', roles: ['other'] })
    viewer = await signIn(b.hub.app, 'viewer01', 'View#Pass123')
    outsider = await signIn(b.hub.app, 'other01', 'Othr#Pass123')
  })
  afterAll(async () => {
    await b?.close()
  })

  it('creates, lists, changes under its version and deletes a widget', async () => {
    const made = await b.ok<Widget>(widget.widgetCreate, jsonWidget)
    expect(made).toMatchObject({ ...jsonWidget, dataSource: '', placedOn: 0, version: 1, updatedBy: 'admin' })
    const listed = await b.ok<Paged<Widget>>(widget.widgetList, { title: 'by region' })
    expect(listed.content.map((w) => w.id)).toEqual([made.id])

    const changed = await b.ok<Widget>(widget.widgetUpdate, { ...jsonWidget, id: made.id, version: 1, chartType: 'pie' })
    expect(changed).toMatchObject({ chartType: 'pie', version: 2 })
    // Saved from the version read before: refused, nothing overwritten.
    expect(refusal(await b.send(widget.widgetUpdate, { ...jsonWidget, id: made.id, version: 1, title: 'lost' }))).toEqual({ code: '4090', message: '数据版本已过期，请刷新后重试' })
    expect((await b.ok<Widget>(widget.widgetDetail, { id: made.id })).title).toBe('Orders by region')

    await b.ok(widget.widgetDelete, { id: made.id })
    expect(refusal(await b.send(widget.widgetDetail, { id: made.id }))).toEqual({ code: '4040', message: '部件不存在' })
  })

  it('checks a widget by its data type, each message on its field', async () => {
    expect(fieldKeys(await b.send(widget.widgetCreate, { ...jsonWidget, content: '{not json' }))).toEqual({ content: 'msg_widget_json_rule' })
    expect(fieldKeys(await b.send(widget.widgetCreate, { ...jsonWidget, dataType: 'sql', content: '' }))).toEqual({ dataSource: 'msg_sql_datasource_required', content: 'msg_sql_required' })
    expect(fieldKeys(await b.send(widget.widgetCreate, { ...jsonWidget, dataType: 'metric', dataSource: 'cpu' }))).toEqual({ dataSource: 'msg_widget_metric_rule' })
    expect(fieldKeys(await b.send(widget.widgetCreate, { ...jsonWidget, dataType: 'api', dataSource: 'file:///etc/passwd' }))).toEqual({ dataSource: 'msg_widget_api_rule' })
    expect(fieldKeys(await b.send(widget.widgetCreate, { ...jsonWidget, title: '', chartType: 'radar' }))).toEqual({ title: 'msg_widget_title_required', chartType: 'msg_widget_chart_rule' })
  })

  it('shows typed JSON as a table, the hub metrics from the store, rich text as saved', async () => {
    expect(await b.ok<WidgetData>(widget.widgetPreview, jsonWidget)).toEqual({
      columns: [{ name: 'key', type: 'text' }, { name: 'value', type: 'number' }],
      rows: [['north', 3], ['south', 5]],
      truncated: false,
    })
    expect(await b.ok<WidgetData>(widget.widgetPreview, { ...jsonWidget, content: '[{"day":"mon","ok":3,"failed":1},{"day":"tue","ok":4}]' })).toEqual({
      columns: [{ name: 'day', type: 'text' }, { name: 'ok', type: 'number' }, { name: 'failed', type: 'number' }],
      rows: [['mon', 3, 1], ['tue', 4, null]],
      truncated: false,
    })
    const byState = await b.ok<WidgetData>(widget.widgetPreview, { ...jsonWidget, dataType: 'metric', dataSource: 'messages_by_state', content: '' })
    expect(byState.rows).toEqual([['pending', 0], ['delivering', 0], ['delivered', 0], ['failed', 0], ['dead', 0]])
    const runs = await b.ok<WidgetData>(widget.widgetPreview, { ...jsonWidget, dataType: 'metric', dataSource: 'runs_by_state', content: '' })
    expect(runs.rows.map((r) => r[0])).toEqual(['running', 'succeeded', 'failed', 'retrying', 'cancelled'])
    const backlog = await b.ok<WidgetData>(widget.widgetPreview, { ...jsonWidget, dataType: 'metric', dataSource: 'consumer_backlog', content: '' })
    expect(backlog).toEqual({ columns: [{ name: 'consumer', type: 'text' }, { name: 'backlog', type: 'integer' }, { name: 'oldestAgeSeconds', type: 'integer' }], rows: [], truncated: false })
    const html = '<p>On call: <b>Li</b></p><script>alert(1)</script>'
    expect(await b.ok<WidgetData>(widget.widgetPreview, { ...jsonWidget, dataType: 'html', content: html })).toEqual({ columns: [], rows: [], truncated: false, html })
  })

  it('refuses an API address inside the hub\'s network (the private-address rule)', async () => {
    for (const dataSource of ['http://127.0.0.1:9/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/']) {
      expect(refusal(await b.send(widget.widgetPreview, { ...jsonWidget, dataType: 'api', dataSource, content: '' })), dataSource).toEqual({
        code: '4090', message: `接口地址 ${dataSource} 指向内网、本机或保留地址，数据中心不允许访问`,
      })
    }
  })

  it('shares a dashboard with a role: its users see it read-only with its widgets\' data; a private one and other roles see nothing', async () => {
    const w = await b.ok<Widget>(widget.widgetCreate, jsonWidget)
    const hidden = await b.ok<Widget>(widget.widgetCreate, { ...jsonWidget, title: 'Not placed' })
    const shared = await b.ok<Dashboard>(board.dashboardCreate, { title: 'Operations', sharedRoles: ['viewer'], layout: [{ widgetId: w.id, x: 0, y: 0, w: 6, h: 3 }] })
    expect(shared).toMatchObject({ title: 'Operations', mine: true, sharedRoles: ['viewer'], widgetCount: 1, ownerName: 'admin' })
    expect(shared.layout).toEqual([{ widgetId: w.id, x: 0, y: 0, w: 6, h: 3, title: 'Orders by region', chartType: 'bar', dataType: 'json', layoutType: 'medium' }])
    const secret = await b.ok<Dashboard>(board.dashboardCreate, { title: 'Admin only', layout: [{ widgetId: w.id, x: 0, y: 0, w: 3, h: 2 }] })

    const seen = await b.ok<Paged<DashboardSummary>>(board.dashboardList, {}, viewer)
    expect(seen.content.map((d) => [d.title, d.mine])).toEqual([['Operations', false]])
    expect((await b.ok<Dashboard>(board.dashboardDetail, { id: shared.id }, viewer)).layout.map((p) => p.widgetId)).toEqual([w.id])
    expect(refusal(await b.send(board.dashboardDetail, { id: secret.id }, { token: viewer }))).toEqual({ code: '4040', message: '仪表盘不存在' })
    expect((await b.ok<Paged<DashboardSummary>>(board.dashboardList, {}, outsider)).content).toEqual([])
    expect(refusal(await b.send(board.dashboardDetail, { id: shared.id }, { token: outsider }))).toEqual({ code: '4040', message: '仪表盘不存在' })

    // Its widgets' data, through the dashboard; not a widget that is not on it, nor the widget calls.
    expect((await b.ok<WidgetData>(widget.widgetData, { id: w.id, dashboardId: shared.id }, viewer)).rows).toEqual([['north', 3], ['south', 5]])
    expect(refusal(await b.send(widget.widgetData, { id: hidden.id, dashboardId: shared.id }, { token: viewer }))).toEqual({ code: '4031', message: '该部件不在您可查看的仪表盘上' })
    expect(refusal(await b.send(widget.widgetData, { id: w.id, dashboardId: shared.id }, { token: outsider })).code).toBe('4040')
    expect(refusal(await b.send(widget.widgetList, {}, { token: viewer })).code).toBe('4031')

    // Read-only for the viewer; the owner keeps changing it.
    expect(refusal(await b.send(board.dashboardUpdate, { id: shared.id, version: 1, title: 'Mine now' }, { token: viewer }))).toEqual({ code: '4090', message: '只有创建者可以修改或删除该仪表盘' })
    expect(refusal(await b.send(board.dashboardDelete, { id: shared.id }, { token: viewer })).code).toBe('4090')
    // A widget on a dashboard is not deleted from under it.
    expect(refusal(await b.send(widget.widgetDelete, { id: w.id }))).toEqual({ code: '4090', message: '该部件正在 2 个仪表盘上使用，请先从仪表盘移除' })

    // Unshared: gone for the viewer.
    const moved = await b.ok<Dashboard>(board.dashboardUpdate, { id: shared.id, version: 1, title: 'Operations', layout: [{ widgetId: w.id, x: 6, y: 1, w: 6, h: 4 }] })
    expect(moved).toMatchObject({ version: 2, sharedRoles: [] })
    expect(moved.layout[0]).toMatchObject({ x: 6, y: 1, w: 6, h: 4 })
    expect((await b.ok<Paged<DashboardSummary>>(board.dashboardList, {}, viewer)).content).toEqual([])
  })

  it('draws the rollups as series: messages received per minute on a line widget, all topics or one, the four counts per hour', async () => {
    const orders = await b.ok<TopicDetail>(topic.topicCreate, { code: 'series.orders', name: 'Orders' })
    const stock = await b.ok<TopicDetail>(topic.topicCreate, { code: 'series.stock', name: 'Stock' })
    // Stored by the runtime's own write, which counts them in the rollups as it goes.
    const pushed = async (t: TopicDetail, n: number) => {
      for (let i = 0; i < n; i++) await recordMessage(b.hub.store, { topic: t, producerId: 'p', payload: { text: JSON.stringify({ i }), format: 'json' }, routingKeys: [], consumerIds: [] })
    }
    await pushed(orders, 3)
    await pushed(stock, 2)

    const line = await b.ok<Widget>(widget.widgetCreate, { ...jsonWidget, title: 'Received per minute', chartType: 'line', dataType: 'metric', dataSource: 'received_per_minute', content: '' })
    const ofOrders = await b.ok<Widget>(widget.widgetCreate, { ...jsonWidget, title: 'Orders per minute', chartType: 'line', dataType: 'metric', dataSource: 'received_per_minute', content: 'series.orders' })
    const traffic = await b.ok<Dashboard>(board.dashboardCreate, { title: 'Traffic', sharedRoles: ['viewer'], layout: [{ widgetId: line.id, x: 0, y: 0, w: 6, h: 3 }, { widgetId: ofOrders.id, x: 6, y: 0, w: 6, h: 3 }] })

    // What the viewer's dashboard shows: a time column and the count, a bucket a minute over the last hour.
    const all = await b.ok<WidgetData>(widget.widgetData, { id: line.id, dashboardId: traffic.id }, viewer)
    expect(all.columns).toEqual([{ name: 'at', type: 'timestamp' }, { name: 'received', type: 'integer' }])
    expect(all.rows.length).toBeGreaterThanOrEqual(60)
    const times = all.rows.map((r) => Date.parse(String(r[0])))
    expect(times.every((t, i) => i === 0 || t - times[i - 1]! === 60_000)).toBe(true)
    expect(times.at(-1)).toBeGreaterThan(Date.now() - 120_000)
    const total = (d: WidgetData) => d.rows.reduce((n, r) => n + Number(r[1]), 0)
    expect(total(all)).toBe(5)
    expect(total(await b.ok<WidgetData>(widget.widgetData, { id: ofOrders.id, dashboardId: traffic.id }, viewer))).toBe(3)

    // The four counts per hour over the last day; a topic that does not exist is refused, not drawn flat.
    const hourly = await b.ok<WidgetData>(widget.widgetPreview, { ...jsonWidget, chartType: 'line', dataType: 'metric', dataSource: 'messages_per_hour', content: 'series.stock' })
    expect(hourly.columns.map((c) => c.name)).toEqual(['at', 'received', 'delivered', 'failed', 'retrying'])
    expect(hourly.rows.length).toBe(25)
    expect(hourly.rows.reduce((n, r) => n + Number(r[1]), 0)).toBe(2)
    expect(refusal(await b.send(widget.widgetPreview, { ...jsonWidget, chartType: 'line', dataType: 'metric', dataSource: 'failed_per_minute', content: 'no.such.topic' }))).toEqual({ code: '4040', message: '消息暂不存在' })
    expect(fieldKeys(await b.send(widget.widgetCreate, { ...jsonWidget, dataType: 'metric', dataSource: 'received_per_minute', content: 'x'.repeat(65) }))).toEqual({ content: 'msg_topic_code_length' })
  })

  it('refuses a layout outside the grid, a widget placed twice, an unknown widget or role', async () => {
    const w = await b.ok<Widget>(widget.widgetCreate, jsonWidget)
    expect(fieldKeys(await b.send(board.dashboardCreate, { title: 'x', layout: [{ widgetId: w.id, x: 8, y: 0, w: 6, h: 3 }] }))).toEqual({ 'layout.0': 'msg_dashboard_layout_rule' })
    const twice = [{ widgetId: w.id, x: 0, y: 0, w: 3, h: 2 }, { widgetId: w.id, x: 3, y: 0, w: 3, h: 2 }]
    expect(refusal(await b.send(board.dashboardCreate, { title: 'x', layout: twice }))).toEqual({ code: '4090', message: '同一部件在仪表盘上只能放置一次' })
    expect(refusal(await b.send(board.dashboardCreate, { title: 'x', layout: [{ widgetId: 'nope', x: 0, y: 0, w: 3, h: 2 }] })).code).toBe('4040')
    expect(refusal(await b.send(board.dashboardCreate, { title: 'x', sharedRoles: ['ghost'] }))).toEqual({ code: '4090', message: '角色 ghost 不存在或已停用' })
    expect((await b.ok<Paged<DashboardSummary>>(board.dashboardList, { title: 'x' })).content).toEqual([])
  })

  it('runs a SQL widget read-only on a SQLite source and refuses a write statement with a code', async () => {
    await mkdir(sqliteSourcesDir(b.hub.config), { recursive: true })
    const dir = await mkdtemp(join(sqliteSourcesDir(b.hub.config), 'dh-widget-'))
    try {
      const file = join(dir, 'shop.sqlite')
      const db = new Database(file)
      db.exec("create table sales (region text, amount integer); insert into sales values ('north', 3), ('south', 5), ('north', 4)")
      db.close()
      const source = await createSource(b, { sourceType: '1', dbType: 'sqlite', databaseName: file, timeout: 2 })
      expect(await b.ok<{ name: string }[]>(widget.widgetSources, {})).toContainEqual({ name: source.name, dbType: 'sqlite' })
      const sql = { ...jsonWidget, dataType: 'sql', dataSource: source.name, content: 'select region, sum(amount) as total from sales group by region order by region' }
      const saved = await b.ok<Widget>(widget.widgetCreate, sql)
      expect((await b.ok<WidgetData>(widget.widgetData, { id: saved.id })).rows).toEqual([['north', 7], ['south', 5]])

      for (const content of ["insert into sales values ('east', 1)", 'delete from sales', 'select 1; drop table sales']) {
        expect(refusal(await b.send(widget.widgetPreview, { ...sql, content })), content).toEqual({ code: '4090', message: '只允许执行查询语句（SELECT）' })
      }
      // Saved anyway (the editor checks the text only), it is refused each time it is shown.
      const writer = await b.ok<Widget>(widget.widgetCreate, { ...sql, content: 'delete from sales' })
      expect(refusal(await b.send(widget.widgetData, { id: writer.id }, { locale: 'en' })).code).toBe('4090')
      const check = new Database(file, { readonly: true })
      expect(check.prepare('select count(*) as n from sales').get()).toEqual({ n: 3 })
      check.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describeWith('postgres', 'a SQL widget on a PostgreSQL source', () => {
  const table = uniqueName('dh_widget_sales')
  let b: CallBench
  beforeAll(async () => {
    b = await openCallBench(targets[0]!)
    await withPg((c) => c.query(`create table ${table} (region varchar(20), amount integer); insert into ${table} values ('north', 3), ('south', 5)`))
  })
  afterAll(async () => {
    await withPg((c) => c.query(`drop table if exists ${table}`))
    await b?.close()
  })

  it('shows the query\'s rows and refuses a write with a code, the table untouched', async () => {
    const source = await createSource(b, pgSource({ timeout: 2 }))
    const sql = { ...jsonWidget, dataType: 'sql', dataSource: source.name, content: `select region, amount from ${table} order by region` }
    expect(await b.ok<WidgetData>(widget.widgetPreview, sql)).toEqual({
      columns: [{ name: 'region', type: 'character varying(20)' }, { name: 'amount', type: 'integer' }],
      // As the SQL preview answers them: PostgreSQL values as their text (charts read numbers from it).
      rows: [['north', '3'], ['south', '5']],
      truncated: false,
    })
    expect(refusal(await b.send(widget.widgetPreview, { ...sql, content: `update ${table} set amount = 0` }))).toEqual({ code: '4090', message: '只允许执行查询语句（SELECT）' })
    expect(refusal(await b.send(widget.widgetPreview, { ...sql, content: `WITH d AS (DELETE FROM ${table} RETURNING *) SELECT * FROM d` })).code).toBe('4090')
    const count = await withPg((c) => c.query(`select sum(amount)::int as n from ${table}`))
    expect(count.rows[0].n).toBe(8)
  })
})
