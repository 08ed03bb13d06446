import { afterAll, beforeAll, expect, it } from 'vitest'
import * as ds from '../../../src/shared/contract/datahub/dataSources'
import * as producer from '../../../src/shared/contract/datahub/producer'
import * as topic from '../../../src/shared/contract/datahub/topic'
import type { DataSource } from '../../../src/shared/contract/datahub/dataSources'
import { dataSourceDb } from '../../../src/hub/datahub/dataSources/tables'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, openDsBench as openBench, refusal, type DsBench as Bench } from './bench'
import { createSource, dblinkModel, RABBITMQ, services, uniqueName } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'data sources', (target) => {
  let bench: Bench
  beforeAll(async () => {
    bench = await openBench(target)
  })
  afterAll(async () => {
    await bench?.close()
  })

  const rabbit = (extra: object = {}) => ({ sourceType: '4' as const, dbType: 'rabbitmq' as const, host: RABBITMQ.host, port: String(RABBITMQ.port), username: RABBITMQ.user, ...extra })

  it('keeps the password encrypted at rest and never answers it', async () => {
    const created = await createSource(bench, rabbit({ password: 'S3cret-pass!' }))
    expect(created).toMatchObject({ password: '', passwordSet: true, status: '1', timeout: 10, version: 1 })
    const row = await dataSourceDb(bench.hub.store.db).selectFrom('datasources').select('password_secret').where('id', '=', created.id).executeTakeFirstOrThrow()
    expect(row.password_secret).toMatch(/^v1:/)
    expect(row.password_secret).not.toContain('S3cret-pass!')
    expect(Buffer.from(row.password_secret.slice(3), 'base64').toString('latin1')).not.toContain('S3cret')
    const got = await bench.ok<DataSource>(ds.datasourceGet, { id: created.id })
    expect(got.password).toBe('')
    const listed = await bench.ok<{ content: DataSource[] }>(ds.datasourceList, { name: created.name })
    expect(listed.content.map((d) => d.password)).toEqual([''])
  })

  it('refuses to edit an enabled source and to delete it; disabled, both work', async () => {
    const created = await createSource(bench, rabbit({ password: 'guest' }))
    expect(refusal(await bench.send(ds.datasourceUpdate, { id: created.id, version: created.version, remark: 'x' }))).toEqual({
      code: '4090', message: '数据源已启用，不允许编辑，请先停用',
    })
    expect(refusal(await bench.send(ds.datasourceDelete, { id: created.id }))).toEqual({ code: '4090', message: '数据源已启用，不允许删除，请先停用' })

    const disabled = await bench.ok<DataSource>(ds.datasourceStatus, { id: created.id, version: created.version, status: '0' })
    expect(disabled).toMatchObject({ status: '0', version: 2 })
    // An empty password keeps the stored one.
    const updated = await bench.ok<DataSource>(ds.datasourceUpdate, { id: created.id, version: 2, remark: 'queue broker', password: '' })
    expect(updated).toMatchObject({ remark: 'queue broker', passwordSet: true, version: 3 })
    const stale = await bench.send(ds.datasourceUpdate, { id: created.id, version: 2, remark: 'late' })
    expect(stale.body.code).toBe('4090')

    expect((await bench.send(ds.datasourceDelete, { id: created.id })).body.code).toBe('2000')
    expect(refusal(await bench.send(ds.datasourceGet, { id: created.id }))).toEqual({ code: '4040', message: '数据源暂不存在' })
  })

  it.runIf(services.rabbitmq)('tests a stored source with its decrypted password, and a kept one after an update', async () => {
    const created = await createSource(bench, rabbit({ password: RABBITMQ.password, status: '0' }))
    await bench.ok(ds.datasourceUpdate, { id: created.id, version: created.version, host: RABBITMQ.host })
    const tested = await bench.send<{ serverVersion: string }>(ds.datasourceTest, { id: created.id })
    expect(tested.body).toMatchObject({ code: '2000', message: '连接成功' })
    expect(tested.body.data?.serverVersion).toMatch(/RabbitMQ/)
  })

  it('refuses a duplicate name and fields that break the rules, with field keys', async () => {
    const name = uniqueName('dup')
    await createSource(bench, rabbit({ name }))
    expect(refusal(await bench.send(ds.datasourceCreate, { ...rabbit(), name, applicationCode: 'crm' }))).toEqual({ code: '4090', message: '数据源名称已存在' })

    expect(fieldKeys(await bench.send(ds.datasourceCreate, { name: 'x', applicationCode: 'crm', sourceType: '1', dbType: 'rabbitmq', host: 'h' }))).toEqual({
      dbType: 'msg_datasource_type_unsupported',
    })
    expect(fieldKeys(await bench.send(ds.datasourceCreate, { name: 'x', applicationCode: 'crm', sourceType: '1', dbType: 'postgresql', host: '', port: '99999', databaseName: 'a_database_name_too_long' }))).toEqual({
      host: 'msg_datasource_host_required',
      port: 'msg_datasource_port_rule',
      databaseName: 'msg_datasource_database_length',
    })
    expect(fieldKeys(await bench.send(ds.datasourceCreate, { name: '', applicationCode: 'crm', sourceType: '9', dbType: 'oracle' }))).toMatchObject({
      name: 'msg_datasource_name_required',
      sourceType: 'msg_datasource_source_type_required',
      dbType: 'msg_datasource_type_unsupported',
    })
  })

  it('lists the enabled sources of an application and type', async () => {
    const app = uniqueName('app')
    const on = await createSource(bench, { ...rabbit(), applicationCode: app })
    await createSource(bench, { ...rabbit(), applicationCode: app, status: '0' })
    await createSource(bench, { sourceType: '1', dbType: 'sqlite', databaseName: '/tmp/none.sqlite', applicationCode: app })
    const listed = await bench.ok<DataSource[]>(ds.datasourceListByApplicationCodeAndSourceType, { applicationCode: app, sourceType: '4' })
    expect(listed.map((d) => d.name)).toEqual([on.name])
  })

  it('refuses to delete a disabled source a producer still uses', async () => {
    const created = await createSource(bench, rabbit({ status: '0' }))
    const code = uniqueName('topic')
    await bench.ok(topic.topicCreate, { code, name: 'Orders topic' })
    await bench.ok(producer.producerCreate, { topicCode: code, appCode: 'crm', productionMode: 'dblink', dbLinkRequestInfoModel: dblinkModel(created.name) })
    expect(refusal(await bench.send(ds.datasourceDelete, { id: created.id }))).toEqual({ code: '4090', message: '数据源正在被生产者或消费者使用，不允许删除' })
  })

  it('answers in English when asked', async () => {
    const created = await createSource(bench, rabbit())
    const answer = await bench.send(ds.datasourceDelete, { id: created.id }, { locale: 'en' })
    expect(answer.body.message).toBe('The data source is enabled and cannot be deleted; disable it first')
  })
})
