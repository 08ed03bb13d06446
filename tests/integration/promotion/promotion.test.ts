import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { authenticationCreate, type Authentication } from '../../../src/shared/contract/datahub/authentication'
import { datasourceCreate, datasourceStatus, type DataSource } from '../../../src/shared/contract/datahub/dataSources'
import { versionBacktrackListAll } from '../../../src/shared/contract/platform/versionBacktrack'
import { dictionaryDataCreate } from '../../../src/shared/contract/platform/config/dictionaryData'
import { dictionaryTypeCreate } from '../../../src/shared/contract/platform/config/dictionaryTypes'
import { parameterCreate } from '../../../src/shared/contract/platform/config/parameters'
import { internalCreate } from '../../../src/shared/contract/platform/apps/gateways'
import { sysAuthCreate, type SysAuthWithSecret } from '../../../src/shared/contract/platform/messaging/sysAuthentication'
import type { PromotionDocument } from '../../../src/shared/contract/promotion/document'
import { promotionApply, promotionCatalog, promotionExport, promotionPlan, type PromotionCatalog, type PromotionPlan } from '../../../src/shared/contract/promotion/endpoints'
import { addUser, signIn } from '../../support/hub'
import { runHubCli } from '../../support/hubCli'
import { storeTargets } from '../../support/stores'
import { freshCode, openBench, type Bench } from '../datahub/support'
import { drain, httpConsumer, openFlow, pushOk, startSink, type Sink } from '../runtime/support'

const targets = await storeTargets()
const [sqlite, postgres] = [targets.find((t) => t.name === 'sqlite')!, targets.find((t) => t.name === 'postgres')!]
const ci = process.env.CI === 'true'
const describeBoth = postgres.missing === null || ci ? describe : describe.skip
if (postgres.missing !== null && !ci) console.warn(`skipping promotion between hubs: ${postgres.missing} is missing`)

const secret = (label: string) => `${label}-${randomBytes(9).toString('base64url')}`

/**
 * Promotion between hubs (issue 18): a flow and the configuration it needs, exported from a hub
 * on SQLite, planned and applied on a hub on PostgreSQL, then used there. Real stores, a real
 * delivery worker, a real HTTP receiver on loopback.
 */
describeBoth('promotion: export from a hub on SQLite, import into a hub on PostgreSQL', () => {
  let source: Bench
  let target: Bench
  let sink: Sink
  let worker: DeliveryWorker
  let dir: string
  let doc: PromotionDocument
  let docText: string
  let stored: { dsPassword: string; token: string; sysSecret: string }
  let codes: { topic: string; mqTopic: string; ds: string; auth: string; app: string; dict: string; param: string; route: string }

  beforeAll(async () => {
    if (postgres.missing !== null) throw new Error(`CI=true: ${postgres.missing} is missing`)
    ;[source, target] = await Promise.all([openBench(sqlite), openBench(postgres)])
    sink = await startSink()
    dir = await mkdtemp(join(tmpdir(), 'dh-promotion-'))
    worker = createDeliveryWorker({ store: target.hub.store, events: target.hub.events, outbox: target.hub.outbox, config: target.hub.config, log: (l) => target.hub.logs.push(l) }, { retryUnitMs: 20, pollMs: 20 })

    const suffix = randomBytes(4).toString('hex')
    stored = { dsPassword: secret('dspw'), token: secret('tok'), sysSecret: '' }
    const ds = await source.ok<DataSource>(datasourceCreate, { name: `mq_${suffix}`, sourceType: '4', dbType: 'rabbitmq', applicationCode: 'erp', host: '127.0.0.1', port: '5672', username: 'guest', password: stored.dsPassword, databaseName: '/', status: '0' })
    await source.ok(datasourceStatus, { id: ds.id })
    const auth = await source.ok<Authentication>(authenticationCreate, { appCode: 'erp', authenName: `static_${suffix}`, authenType: '1', tokenKey: 'X-Hub-Token', tokenValue: stored.token })
    const sys = await source.ok<SysAuthWithSecret>(sysAuthCreate, { appCode: `app${suffix}`, name: 'Pulling app' })
    stored.sysSecret = sys.secret
    const dict = `promo_dict_${suffix.replace(/\d/g, 'x')}`
    await source.ok(dictionaryTypeCreate, { dictType: dict, dictName: '迁移字典' })
    await source.ok(dictionaryDataCreate, { dictType: dict, dictValue: 'a', dictLabelCn: '甲', dictLabelEn: 'A' })
    const param = `promo.p${suffix.slice(0, 6)}`
    await source.ok(parameterCreate, { parameterKey: param, parameterName: '迁移参数', parameterValue: 'on', appCode: 'common' })
    const route = `/inner/promo${suffix}/**`
    await source.ok(internalCreate, { path: route, prefix: `/inner/promo${suffix}`, targetService: 'http://127.0.0.1:9/svc' })

    // The flow: a serverApi producer and an http consumer that presents the API authentication's token.
    const flow = await openFlow(source, {
      topic: { dataFormat: 'json' },
      consumers: [httpConsumer(`${sink.url}/promoted`, { httpRequestInfoModel: { requestUri: `${sink.url}/promoted`, requestMethod: 'POST', authenStatus: '1', authenId: auth.id, authenName: auth.authenName } })],
    })
    // A second flow whose mq consumer names the data source (not started).
    const mqTopic = await source.topic()
    await source.consumer(mqTopic.code, { dataConsumeType: 'mq', datasourceName: ds.name, mqRequestInfoModel: { queueName: 'promo' } })
    codes = { topic: flow.topic.code, mqTopic: mqTopic.code, ds: ds.name, auth: `erp/${auth.authenName}`, app: sys.appCode, dict, param, route }
  })
  afterAll(async () => {
    await worker?.stop()
    await sink?.close()
    await Promise.all([source?.close(), target?.close()])
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  const selection = () => ({
    topics: [codes.topic, codes.mqTopic],
    dataSources: [codes.ds],
    apiAuthentications: [codes.auth],
    systemAuthentications: [codes.app],
    dictionaries: [codes.dict],
    parameters: [codes.param],
    gatewayRoutes: [codes.route],
  })
  const values = () => ({
    [`dataSource.${codes.ds}.password`]: 'guest',
    [`apiAuthentication.${codes.auth}.tokenValue`]: 'target-token',
    [`systemAuthentication.${codes.app}.secret`]: 'target-app-secret',
  })
  /** What the target stores, table by table: an import that applies nothing leaves it as it was. */
  const snapshot = async () => {
    const db = target.hub.store.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>
    const out: Record<string, unknown[]> = {}
    for (const table of ['topics', 'producers', 'consumers', 'datasources', 'authentications', 'sys_authentications', 'dictionary_types', 'dictionary_data', 'parameters', 'gateway_routes', 'version_backtracks', 'data_versions']) {
      out[table] = (await db.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort()
    }
    return out
  }

  it('lists what may be exported and exports the selection with codes, never ids, and no secret', async () => {
    const catalog = await source.ok<PromotionCatalog>(promotionCatalog)
    expect(catalog.topics.map((t) => t.code)).toEqual(expect.arrayContaining([codes.topic, codes.mqTopic]))
    expect(catalog.apiAuthentications.map((a) => a.code)).toContain(codes.auth)
    // Each topic names what its flow refers to: the export page warns of what the selection leaves out.
    const needs = (code: string) => catalog.topics.find((t) => t.code === code)!.needs
    expect(needs(codes.topic)).toEqual({ dataSources: [], apiAuthentications: [codes.auth] })
    expect(needs(codes.mqTopic)).toEqual({ dataSources: [codes.ds], apiAuthentications: [] })

    doc = await source.ok<PromotionDocument>(promotionExport, selection())
    docText = JSON.stringify(doc, null, 2)
    await writeFile(join(dir, 'promotion.json'), docText)
    expect(doc.formatVersion).toBe(1)
    expect(doc.dataSources[0]!.password).toEqual({ $secret: `dataSource.${codes.ds}.password` })
    const consumer = doc.topics.find((t) => t.code === codes.topic)!.consumers[0]!
    expect(consumer.httpRequestInfoModel?.authenId).toBe(`$authentication:${codes.auth}`)
    expect(consumer.status).toBe('1')

    // Every stored secret, plain and as stored (ciphertexts, the system secret's digest), and every database id.
    const file = await readFile(join(dir, 'promotion.json'), 'utf8')
    const db = source.hub.store.db as unknown as import('kysely').Kysely<Record<string, Record<string, string>>>
    const rows = [
      ...(await db.selectFrom('datasources').select(['id', 'password_secret as s']).execute()),
      ...(await db.selectFrom('authentications').select(['id', 'token_secret as s']).execute()),
      ...(await db.selectFrom('sys_authentications').select(['id', 'secret_hash as s']).execute()),
      ...(await db.selectFrom('topics').select(['id', 'code as s']).execute()).map((r) => ({ id: r.id, s: '' })),
      ...(await db.selectFrom('consumers').select(['id', 'topic_id as s']).execute()),
    ]
    const needles = [stored.dsPassword, stored.token, stored.sysSecret, ...rows.flatMap((r) => [r.id, r.s]).filter((s) => s && s.length > 8)]
    expect(needles.length).toBeGreaterThan(8)
    for (const needle of needles) expect(file.includes(needle!), `the export holds ${needle}`).toBe(false)
  })

  it('plans the import: everything to create, the placeholders that need a value; apply without them writes nothing', async () => {
    const before = await snapshot()
    const plan = await target.ok<PromotionPlan>(promotionPlan, { document: doc })
    expect(plan.summary).toMatchObject({ change: 0, unchanged: 0 })
    expect(plan.items.filter((i) => i.action === 'create').map((i) => i.kind)).toEqual([
      'dataSource', 'apiAuthentication', 'systemAuthentication', 'dictionary', 'dictionaryData', 'parameter', 'gatewayRoute', 'topic', 'producer', 'consumer', 'topic', 'consumer',
    ])
    expect(plan.placeholders.map((p) => [p.name, p.required, p.provided])).toEqual(Object.keys(values()).map((name) => [name, true, false]))
    expect(plan.items.find((i) => i.kind === 'dataSource')!.problems[0]!.message).toBe(`新建对象需要填写密钥：dataSource.${codes.ds}.password`)

    const refused = await target.send(promotionApply, { document: doc })
    expect(refused.body.code).toBe('4090')
    expect(refused.body.message).toMatch(/未导入任何配置/)
    expect(await snapshot()).toEqual(before)
  })

  it('applies with the placeholders filled, in one go with version records; a pushed message reaches the receiver with the new token', async () => {
    const plan = await target.ok<PromotionPlan>(promotionPlan, { document: doc, values: values() })
    expect(plan.summary.problems, JSON.stringify(plan.items.filter((i) => i.problems.length))).toBe(0)
    const applied = await target.send<PromotionPlan>(promotionApply, { document: doc, values: values() })
    expect(applied.body.code, applied.body.message).toBe('2000')
    expect(applied.body.message).toBe('配置已导入')
    expect(applied.body.data).toEqual(plan)

    const records = await target.ok<{ content: { typeCode: string; remark: string; createdBy: string }[] }>(versionBacktrackListAll, { pageNum: 1, pageSize: 100 })
    expect(records.content.map((r) => `${r.typeCode}:${r.remark}`).sort()).toEqual(['consumer:create', 'consumer:create', 'producer:create', 'topic:create', 'topic:create'])
    expect(new Set(records.content.map((r) => r.createdBy))).toEqual(new Set(['admin']))

    const messageId = await pushOk(target, codes.topic, { order: 42 })
    expect((await drain(target, worker, messageId))[0]).toMatchObject({ status: 'delivered' })
    const [got] = sink.at('/promoted')
    expect(JSON.parse(got!.body)).toEqual({ order: 42 })
    expect(got!.headers['x-hub-token']).toBe('target-token')
  })

  it('plans a second import of the same document as no change, with or without the secrets', async () => {
    for (const v of [values(), {}]) {
      const plan = await target.ok<PromotionPlan>(promotionPlan, { document: doc, values: v })
      expect(plan.summary).toEqual({ create: 0, change: 0, unchanged: 12, problems: 0 })
      expect(plan.placeholders.every((p) => !p.required)).toBe(true)
    }
  })

  it('shows a change field by field, and a new secret as a changed secret without its value', async () => {
    const changed = structuredClone(doc)
    changed.topics[0]!.remark = '迁移后的说明'
    const plan = await target.ok<PromotionPlan>(promotionPlan, { document: changed, values: { [`apiAuthentication.${codes.auth}.tokenValue`]: 'newer-token' } })
    const topic = plan.items.find((i) => i.kind === 'topic' && i.code === changed.topics[0]!.code)!
    expect(topic.action).toBe('change')
    expect(topic.fields.filter((f) => f.changed)).toEqual([{ field: 'remark', current: '', incoming: '迁移后的说明', changed: true }])
    const auth = plan.items.find((i) => i.kind === 'apiAuthentication')!
    expect(auth.fields.filter((f) => f.changed)).toEqual([{ field: 'tokenValue', current: '', incoming: '', changed: true, secret: true }])
    expect(JSON.stringify(plan)).not.toContain('newer-token')
  })

  it('applies nothing when one object breaks a rule: a code twice in the document, a data source the target lacks', async () => {
    const before = await snapshot()
    const fresh = structuredClone(doc.topics.find((t) => t.code === codes.topic)!)
    fresh.code = freshCode('promo')
    const clash = { ...structuredClone(doc), topics: [...doc.topics, fresh, { ...fresh, name: 'Second of one code' }] }
    const clashPlan = await target.ok<PromotionPlan>(promotionPlan, { document: clash, values: values() })
    const twice = clashPlan.items.filter((i) => i.kind === 'topic' && i.code === fresh.code)
    expect(twice.map((i) => [i.action, i.problems.map((p) => p.message)])).toEqual([['create', []], ['unchanged', ['文档中此编码重复出现']]])

    const mq = structuredClone(doc.topics.find((t) => t.code === codes.mqTopic)!)
    mq.code = freshCode('promo')
    mq.consumers[0]!.datasourceName = 'no_such_source'
    const missing = { ...structuredClone(doc), topics: [fresh, mq] }
    const missingPlan = await target.ok<PromotionPlan>(promotionPlan, { document: missing })
    expect(missingPlan.items.find((i) => i.kind === 'consumer' && i.code.startsWith(mq.code))!.problems.map((p) => p.message)).toEqual([
      '引用的数据源不存在：no_such_source（目标数据中心和文档中都没有）',
    ])

    for (const document of [clash, missing]) {
      const answer = await target.send(promotionApply, { document, values: values() })
      expect(answer.body.code).toBe('4090')
    }
    expect(await snapshot()).toEqual(before)
  })

  it('is for administrators: a signed-in user without the promotion code is refused every call', async () => {
    await addUser(target.hub.store, { username: 'promo_user', password: 'Fay#Pass12', roles: ['user'] })
    const user = await signIn(target.hub.app, 'promo_user', 'Fay#Pass12')
    for (const endpoint of [promotionCatalog, promotionExport, promotionPlan, promotionApply]) {
      const answer = await target.send(endpoint, endpoint === promotionCatalog || endpoint === promotionExport ? {} : { document: doc }, { token: user, locale: 'en' })
      expect(answer.body, endpoint.id).toEqual({ code: '4031', message: 'Insufficient permission', data: null })
    }
  })

  it('refuses a document of an unknown format version, in the caller\'s language', async () => {
    const answer = await target.send(promotionPlan, { document: { ...doc, formatVersion: 2 } }, { locale: 'en' })
    expect(answer.body.code).toBe('4001')
    expect((answer.body.data as { fields: { path: string; message: string }[] }).fields[0]).toMatchObject({ path: 'document.formatVersion', message: expect.stringContaining('Unsupported configuration document version') })
  })

  it('plans the same through the command line as through the endpoint', async () => {
    const values1 = join(dir, 'values.json')
    await writeFile(values1, JSON.stringify(values()))
    const changed = structuredClone(doc)
    changed.topics[0]!.remark = '命令行计划'
    const file = join(dir, 'changed.json')
    await writeFile(file, JSON.stringify(changed))
    const endpoint = await target.ok<PromotionPlan>(promotionPlan, { document: changed, values: values() })
    const env = { DATABASE_URL: target.hub.config.databaseUrl!, HUB_DATA_DIR: target.hub.config.dataDir }
    const cli = runHubCli(['import', '--plan', '--file', file, '--values', values1, '--format', 'json'], env)
    expect(await cli.exited, cli.output()).toBe(0)
    expect(JSON.parse(cli.output())).toEqual(endpoint)

    const text = runHubCli(['import', '--plan', '--file', file, '--values', values1], env)
    expect(await text.exited, text.output()).toBe(0)
    expect(text.output()).toMatch(/^change\s+topic\s+\S+\s+remark$/m)
    expect(text.output()).toContain('0 to create, 1 to change, 11 unchanged, 0 problem(s)')

    const exported = runHubCli(['export', '--topics', codes.topic, '--data-sources', codes.ds], { HUB_DATA_DIR: source.hub.config.dataDir })
    expect(await exported.exited, exported.output()).toBe(0)
    const fromCli = JSON.parse(exported.output()) as PromotionDocument
    expect(fromCli.topics.map((t) => t.code)).toEqual([codes.topic])
    expect(fromCli.dataSources[0]!.password).toEqual({ $secret: `dataSource.${codes.ds}.password` })
  })
})
