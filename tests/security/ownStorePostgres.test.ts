import { afterAll, beforeAll, expect, it } from 'vitest'
import { fetchDbLink } from '../../src/hub/runtime/fetch/dbLink'
import { createDeliveryWorker, type DeliveryWorker } from '../../src/hub/runtime/queue/worker'
import { ADMIN_ROLE } from '../../src/hub/store/seed/roles'
import { WIDGET_PERMISSION } from '../../src/shared/contract/dashboards/permissions'
import * as widget from '../../src/shared/contract/dashboards/widgets'
import type { WidgetData } from '../../src/shared/contract/dashboards/widgets'
import * as ds from '../../src/shared/contract/datahub/dataSources'
import type { DataSource } from '../../src/shared/contract/datahub/dataSources'
import { TOPIC_PERMISSION } from '../../src/shared/contract/datahub/permissions'
import * as sql from '../../src/shared/contract/datahub/sqlTools'
import type { SqlPreview } from '../../src/shared/contract/datahub/sqlTools'
import * as roles from '../../src/shared/contract/platform/admin/roles'
import type { Role } from '../../src/shared/contract/platform/admin/roles'
import * as users from '../../src/shared/contract/platform/admin/users'
import { freshLetters } from '../integration/admin/support'
import { openBench, refusal, type Bench } from '../integration/datahub/support'
import { PG, uniqueName } from '../integration/dataSources/support'
import { tryFetcher } from '../integration/runtime/fetch/support'
import { drain, openFlow, pushOk } from '../integration/runtime/support'
import { addUser, signIn } from '../support/hub'
import { describeEachStore, storeTargets } from '../support/stores'
import { startTcpProxy, type TcpProxy } from '../support/tcpProxy'

/**
 * Issue 21, finding #3: a PostgreSQL data source on the hub's own store. With the data-source
 * and topic permissions, a dblink consumer into user_roles plus one anonymous push made the
 * pusher an administrator; the SQL preview and a widget read users.password_hash. A connection
 * that reaches the hub's own database — by any address of its server — is now refused
 * everywhere; another database of the same server still works.
 */
const targets = (await storeTargets()).filter((t) => t.name === 'postgres')
const PASSWORD = 'Store#Pass1'
const refused = { code: '4090', message: '该数据源就是数据中心自身的存储数据库：不能通过数据源读写数据中心自己的存储' }
const refusedEn = "This data source is the hub's own database: the hub does not read or write its own store through a data source"

describeEachStore(targets, 'no data source on the hub\'s own PostgreSQL store (issue 21 #3)', () => {
  let b: Bench
  let worker: DeliveryWorker
  let proxy: TcpProxy
  let storeDb: string
  let delegate: { id: string; token: string }

  const tokenFor = async (codes: string[]) => {
    const role = await b.ok<Role>(roles.roleCreate, { roleCode: freshLetters('s'), roleName: '委派' })
    await b.ok(roles.roleResAuthSave, { roleId: role.id, permissions: codes })
    const name = `u${freshLetters('u')}`
    const id = await addUser(b.hub.store, { username: name, password: PASSWORD, roles: [] })
    await b.ok(users.userSetRoles, { userId: id, roleIds: [role.id] })
    return { id, token: await signIn(b.hub.app, name, PASSWORD) }
  }
  const source = (input: Record<string, string>, token = delegate.token) =>
    b.ok<DataSource>(ds.datasourceCreate, { name: uniqueName('own'), applicationCode: 'crm', sourceType: '1', dbType: 'postgresql', username: 'postgres', ...input }, token)
  const isAdmin = async (userId: string) =>
    (await b.hub.store.db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('roles.role_code').where('user_roles.user_id', '=', userId).execute()).some((r) => r.role_code === ADMIN_ROLE)

  /** Every way of naming the hub's own store's server: addresses, its socket, a forwarded port. */
  const aliases = () => [
    { host: '127.0.0.1', port: '5432' },
    { host: 'localhost', port: '5432' },
    { host: '/var/run/postgresql', port: '5432' },
    { host: '127.0.0.1', port: String(proxy.port) },
  ]

  beforeAll(async () => {
    const [target] = targets
    b = await openBench(target!)
    storeDb = new URL(b.hub.config.databaseUrl!).pathname.slice(1)
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} })
    proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 })
    delegate = await tokenFor([ds.DATASOURCE_PERMISSION, TOPIC_PERMISSION])
  })
  afterAll(async () => {
    await worker?.stop()
    await proxy?.close()
    await b?.close()
  })

  it('refuses the SQL preview and the connection test by every address of the server, and previews another database of it', async () => {
    for (const alias of aliases()) {
      const s = await source({ ...alias, databaseName: storeDb })
      const answer = await b.send<SqlPreview>(sql.producerPreviewSqlData, { datasourceName: s.name, querySql: 'select username, password_hash from users' }, { token: delegate.token })
      expect(refusal(answer), alias.host).toEqual(refused)
      expect(JSON.stringify(answer.body)).not.toContain('$argon2')
      const test = await b.send(ds.datasourceTest, { sourceType: '1', dbType: 'postgresql', username: 'postgres', ...alias, databaseName: storeDb }, { token: delegate.token })
      expect(refusal(test), alias.host).toEqual(refused)
    }
    const other = await source({ host: 'localhost', port: String(proxy.port), databaseName: PG.database })
    const answer = await b.send<SqlPreview>(sql.producerPreviewSqlData, { datasourceName: other.name, querySql: 'select 7 as n' }, { token: delegate.token })
    expect(answer.body.code, answer.body.message).toBe('2000')
    expect(answer.body.data?.rows).toEqual([['7']])
  })

  it('does not write user_roles through a dblink consumer: the delivery is dead with the reason, the pusher no administrator', async () => {
    const adminRole = await b.hub.store.db.selectFrom('roles').select('id').where('role_code', '=', ADMIN_ROLE).executeTakeFirstOrThrow()
    for (const alias of aliases()) {
      const s = await source({ ...alias, databaseName: storeDb })
      const mappings = JSON.stringify([
        { sourceFieldName: 'user_id', targetFieldName: 'user_id' },
        { sourceFieldName: 'role_id', targetFieldName: 'role_id' },
      ])
      const flow = await openFlow(b, { consumers: [{ dataConsumeType: 'dblink', datasourceName: s.name, dbLinkRequestInfoModel: { targetTableName: 'user_roles', fieldMappings: mappings, isUpdateRecord: '0', compareField: '' } }] })
      const [dead] = await drain(b, worker, await pushOk(b, flow.topic.code, { user_id: delegate.id, role_id: adminRole.id }))
      expect(dead, alias.host).toMatchObject({ status: 'dead', attempts: 1 })
      expect(dead!.last_error).toContain(refusedEn)
      expect(await isAdmin(delegate.id)).toBe(false)
    }
  })

  it('fails a dblink producer\'s run on the store with the reason, nothing read', async () => {
    for (const alias of aliases()) {
      const s = await source({ ...alias, databaseName: storeDb })
      const topic = await b.topic({ dataFormat: 'json' })
      const producer = await b.producer(topic.code, {
        productionMode: 'dblink',
        dbLinkRequestInfoModel: { dataSourceName: s.name, dataGetMethod: '1', queryType: 'pageList', batchGetData: '0', failRetry: '0', dataStoreType: '0', dataSynch: 'all', querySql: 'select username, password_hash from users', sortField: 'username' },
      } as never)
      const run = await tryFetcher(b, fetchDbLink, { producer, topic })
      expect(run.messages, alias.host).toEqual([])
      expect(run.error?.message).toContain(refusedEn)
    }
  })

  it('asks a SQL widget for the data-source permission, and refuses the store to one who holds it', async () => {
    const store = await source({ host: 'localhost', port: '5432', databaseName: storeDb }, b.admin)
    const other = await source({ host: '127.0.0.1', port: '5432', databaseName: PG.database }, b.admin)
    const widgetOf = (name: string, content: string) => ({ title: 'Users', layoutType: 'medium', chartType: 'table', dataType: 'sql', dataSource: name, content })
    const steal = widgetOf(store.name, 'select username, password_hash from users')

    const composer = await tokenFor([WIDGET_PERMISSION])
    const missing = { code: '4031', message: `此操作需要权限 ${ds.DATASOURCE_PERMISSION}，您没有该权限` }
    expect(refusal(await b.send(widget.widgetPreview, steal, { token: composer.token }))).toEqual(missing)
    expect(refusal(await b.send(widget.widgetCreate, steal, { token: composer.token }))).toEqual(missing)
    // Other kinds of widget are the widget permission's alone.
    expect((await b.send(widget.widgetPreview, { ...steal, dataType: 'json', dataSource: '', content: '{"a": 1}' }, { token: composer.token })).body.code).toBe('2000')

    const both = await tokenFor([WIDGET_PERMISSION, ds.DATASOURCE_PERMISSION])
    const answer = await b.send(widget.widgetPreview, steal, { token: both.token })
    expect(refusal(answer)).toEqual(refused)
    expect(JSON.stringify(answer.body)).not.toContain('$argon2')
    expect((await b.ok<WidgetData>(widget.widgetPreview, widgetOf(other.name, 'select 3 as n'), both.token)).rows).toEqual([['3']])
  })
})
