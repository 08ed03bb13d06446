import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeliveryWorker, type DeliveryWorker } from '../../src/hub/runtime/queue/worker'
import { AUTHENTICATION_PERMISSION, authenticationCreate, type Authentication } from '../../src/shared/contract/datahub/authentication'
import * as consumers from '../../src/shared/contract/datahub/consumer'
import type { Consumer, ConsumerInput } from '../../src/shared/contract/datahub/consumer'
import { TOPIC_PERMISSION } from '../../src/shared/contract/datahub/permissions'
import * as producers from '../../src/shared/contract/datahub/producer'
import type { Producer } from '../../src/shared/contract/datahub/producer'
import * as roles from '../../src/shared/contract/platform/admin/roles'
import type { Role } from '../../src/shared/contract/platform/admin/roles'
import * as users from '../../src/shared/contract/platform/admin/users'
import type { PromotionDocument } from '../../src/shared/contract/promotion/document'
import { PROMOTION_PERMISSION, promotionApply, promotionExport, promotionPlan, type PromotionPlan } from '../../src/shared/contract/promotion/endpoints'
import { freshLetters } from '../integration/admin/support'
import { freshCode, openBench, refusal, type Bench } from '../integration/datahub/support'
import { drain, httpConsumer, openFlow, pushOk, startSink, type Received, type Sink } from '../integration/runtime/support'
import { addUser, signIn } from '../support/hub'
import { describeEachStore, storeTargets } from '../support/stores'

/**
 * Finding 7: a `datahub:topic` user who may not list API authentications pointed an http
 * consumer at its own server with the id of another application's stored method, and the next
 * push carried `Authorization: Bearer <the secret>` there. Using a stored credential now needs the
 * API-authentication permission, or the credential must be the consumer's (producer's) own
 * application's; the check is made whenever the flow is saved, by the editors and by promotion.
 */
const targets = await storeTargets()
const PASSWORD = 'Cred#Pass1'
const missing = { code: '4031', message: `此操作需要权限 ${AUTHENTICATION_PERMISSION}，您没有该权限` }

let serial = 0
const username = () => `c${Date.now().toString(36)}${(serial++).toString(36)}`

describeEachStore(targets, 'a stored API credential is sent only by a flow its saver may use it for (finding 7)', (target) => {
  let bench: Bench
  let sink: Sink
  let worker: DeliveryWorker
  /** Another application's method, and the method of the application the topic user's consumers belong to. */
  let erp: Authentication
  let own: Authentication
  const SECRET = `erp-${randomBytes(12).toString('base64url')}`
  const OWN_SECRET = `own-${randomBytes(12).toString('base64url')}`
  const OWN_APP = `own${randomBytes(3).toString('hex')}`

  beforeAll(async () => {
    bench = await openBench(target)
    sink = await startSink()
    worker = createDeliveryWorker({ store: bench.hub.store, events: bench.hub.events, outbox: bench.hub.outbox, config: bench.hub.config, log: (l) => bench.hub.logs.push(l) }, { retryUnitMs: 20, pollMs: 20 })
    erp = await bench.ok<Authentication>(authenticationCreate, { appCode: 'erp', authenName: `erp_${randomBytes(3).toString('hex')}`, authenType: '1', tokenValue: `Bearer ${SECRET}` })
    own = await bench.ok<Authentication>(authenticationCreate, { appCode: OWN_APP, authenName: 'own', authenType: '1', tokenKey: 'X-Own-Token', tokenValue: OWN_SECRET })
  })
  afterAll(async () => {
    await worker?.stop()
    await sink?.close()
    await bench?.close()
  })

  /** A signed-in user whose only role carries `codes`. */
  const userWith = async (codes: string[]) => {
    const role = await bench.ok<Role>(roles.roleCreate, { roleCode: freshLetters('c'), roleName: '凭据' })
    await bench.ok(roles.roleResAuthSave, { roleId: role.id, permissions: codes })
    const name = username()
    const id = await addUser(bench.hub.store, { username: name, password: PASSWORD, roles: [] })
    await bench.ok(users.userSetRoles, { userId: id, roleIds: [role.id] })
    return signIn(bench.hub.app, name, PASSWORD)
  }
  /** An http consumer of `app` sending `method` to the sink's `path`. */
  const sending = (path: string, method: Authentication | string, app = 'evil'): Partial<ConsumerInput> =>
    httpConsumer(`${sink.url}${path}`, {
      applicationCode: app,
      httpRequestInfoModel: { requestUri: `${sink.url}${path}`, requestMethod: 'POST', authenStatus: '1', authenId: typeof method === 'string' ? method : method.id },
    })
  /** Every request the sink received that carries either secret anywhere. */
  const carryingSecret = () => sink.received.filter((r: Received) => JSON.stringify(r).includes(SECRET))
  const deliver = async (topicCode: string) => drain(bench, worker, await pushOk(bench, topicCode, { order: 1 }))

  it("a topic user cannot make a consumer send another application's credential, by create or update", async () => {
    const topicUser = await userWith([TOPIC_PERMISSION])
    const flow = await openFlow(bench, { topic: { dataFormat: 'json' }, consumers: [] })
    const topicCode = flow.topic.code
    // The administrator's consumer, saved with the erp method.
    const legit = await bench.consumer(topicCode, sending('/legit', erp, 'other'))
    await bench.ok(consumers.consumerStatus, { id: legit.id })

    // Create, pointing at the user's own server.
    const create = await bench.send(consumers.consumerCreate, { topicCode, ...sending('/evil', erp) }, { token: topicUser })
    expect(refusal(create)).toEqual(missing)
    // An id of no method is answered the same way: nothing about other applications' methods shows.
    expect(refusal(await bench.send(consumers.consumerCreate, { topicCode, ...sending('/evil', 'no-such-id') }, { token: topicUser }))).toEqual(missing)

    // Update: its own consumer without authentication, then switched to the erp method.
    const plain = await bench.ok<Consumer>(consumers.consumerCreate, { topicCode, ...httpConsumer(`${sink.url}/evil`, { applicationCode: 'evil' }) }, topicUser)
    const update = await bench.send(consumers.consumerUpdate, { id: plain.id, version: plain.version, httpRequestInfoModel: sending('/evil', erp).httpRequestInfoModel }, { token: topicUser })
    expect(refusal(update)).toEqual(missing)
    await bench.ok(consumers.consumerStatus, { id: plain.id }, topicUser)

    // The administrator's consumer, turned towards the user's server: the same use of the credential.
    const stored = await bench.ok<Consumer>(consumers.consumerGet, { id: legit.id })
    const turned = await bench.send(consumers.consumerUpdate, { id: stored.id, version: stored.version, httpRequestInfoModel: { ...stored.httpRequestInfoModel, requestUri: `${sink.url}/evil` } }, { token: topicUser })
    expect(refusal(turned)).toEqual(missing)
    expect((await bench.ok<Consumer>(consumers.consumerGet, { id: legit.id })).httpRequestInfoModel?.requestUri).toBe(`${sink.url}/legit`)

    // One push: the user's server gets the message without any secret; the legitimate receiver gets the header.
    const rows = await deliver(topicCode)
    expect(rows.map((r) => r.status).sort()).toEqual(['delivered', 'delivered'])
    expect(sink.at('/evil')).toHaveLength(1)
    expect(sink.at('/evil')[0]!.headers.authorization).toBeUndefined()
    expect(sink.at('/legit')[0]!.headers.authorization).toBe(`Bearer ${SECRET}`)
    expect(carryingSecret().map((r) => r.path)).toEqual(['/legit'])
  })

  it("a topic user cannot make an http producer send another application's credential", async () => {
    const topicUser = await userWith([TOPIC_PERMISSION])
    const request = (app: string, model: object) => ({ topicCode: '', appCode: app, productionMode: 'http', httpRequestInfoModel: { requestType: 'GET', requestApi: `${sink.url}/evil-source`, ...model } })
    const topic = await bench.topic()
    const byForm = await bench.send(producers.producerCreate, { ...request('evil', { authenStatus: '1', authenId: erp.id }), topicCode: topic.code }, { token: topicUser })
    expect(refusal(byForm)).toEqual(missing)
    const byEditor = { httpParamsModel: { url: `${sink.url}/evil-source`, method: 'GET', authorization: { display: '1', selectedAuth: erp.id } } }
    expect(refusal(await bench.send(producers.producerCreate, { ...request('evil', byEditor), topicCode: topic.code }, { token: topicUser }))).toEqual(missing)

    // Naming the method's own application is no way in either.
    expect(refusal(await bench.send(producers.producerCreate, { ...request(OWN_APP, { authenStatus: '1', authenId: own.id }), topicCode: topic.code }, { token: topicUser }))).toEqual(missing)
    // A producer without a credential, then changed to the erp method: refused; it keeps none.
    const made = await bench.ok<Producer>(producers.producerCreate, { ...request(OWN_APP, { authenStatus: '0' }), topicCode: topic.code }, topicUser)
    const update = await bench.send(producers.producerUpdate, { id: made.id, version: made.version, httpRequestInfoModel: { ...made.httpRequestInfoModel, authenStatus: '1', authenId: erp.id } }, { token: topicUser })
    expect(refusal(update)).toEqual(missing)
    expect((await bench.ok<Producer>(producers.producerGet, { id: made.id })).httpRequestInfoModel?.authenId ?? '').not.toBe(erp.id)
  })

  it("promotion cannot bring in a consumer that sends another application's credential for a user who may not use it", async () => {
    // It may edit topics (promotion asks for each section's editor permission), not use credentials.
    const promoter = await userWith([PROMOTION_PERMISSION, TOPIC_PERMISSION])
    const flow = await openFlow(bench, { topic: { dataFormat: 'json' }, consumers: [sending('/promoted', erp, 'other')] })
    const doc = await bench.ok<PromotionDocument>(promotionExport, { topics: [flow.topic.code] })
    const [entry] = doc.topics
    const turned: PromotionDocument = {
      ...doc,
      topics: [
        // The stored consumer, turned towards the promoter's server (a change) …
        { ...entry!, consumers: entry!.consumers.map((c) => ({ ...c, httpRequestInfoModel: { ...c.httpRequestInfoModel, requestUri: `${sink.url}/evil` } })) },
        // … and a new topic with the same consumer (a creation).
        { ...entry!, code: freshCode() },
      ],
    }
    const problemsOf = (plan: PromotionPlan) => plan.items.filter((i) => i.problems.length > 0).map((i) => ({ kind: i.kind, action: i.action, problems: i.problems.map((p) => ({ code: p.code, message: p.message })) }))
    const planned = await bench.ok<PromotionPlan>(promotionPlan, { document: turned, values: {} }, promoter)
    expect(problemsOf(planned)).toEqual([
      { kind: 'consumer', action: 'change', problems: [missing] },
      { kind: 'consumer', action: 'create', problems: [missing] },
    ])
    const applied = await bench.send(promotionApply, { document: turned, values: {} }, { token: promoter })
    expect(applied.body.code).toBe('4090')
    expect((await bench.ok<Consumer>(consumers.consumerGet, { id: flow.consumers[0]!.id })).httpRequestInfoModel?.requestUri).toBe(`${sink.url}/promoted`)
    // A holder of the permission promotes the same document.
    const holder = await userWith([PROMOTION_PERMISSION, TOPIC_PERMISSION, AUTHENTICATION_PERMISSION])
    expect(problemsOf(await bench.ok<PromotionPlan>(promotionPlan, { document: turned, values: {} }, holder))).toEqual([])
  })

  describe('what stays possible', () => {
    it('a holder of the permission still sends the header; a topic user names no credential, even of the application it names', async () => {
      const holder = await userWith([TOPIC_PERMISSION, AUTHENTICATION_PERMISSION])
      const topicUser = await userWith([TOPIC_PERMISSION])
      const flow = await openFlow(bench, { topic: { dataFormat: 'json' }, consumers: [] })
      const topicCode = flow.topic.code
      const byHolder = await bench.ok<Consumer>(consumers.consumerCreate, { topicCode, ...sending('/holder', erp, 'other') }, holder)
      await bench.ok(consumers.consumerStatus, { id: byHolder.id }, holder)
      // A consumer's application is a code its editor types: naming the credential's own
      // application gives nobody that application's credential.
      expect(refusal(await bench.send(consumers.consumerCreate, { topicCode, ...sending('/own', own, OWN_APP) }, { token: topicUser }))).toEqual(missing)
      // Without a credential the topic user creates and edits its consumer as before.
      const plain = await bench.ok<Consumer>(consumers.consumerCreate, { topicCode, ...httpConsumer(`${sink.url}/plain`), applicationCode: OWN_APP }, topicUser)
      await bench.ok(consumers.consumerStatus, { id: plain.id }, topicUser)
      const current = await bench.ok<Consumer>(consumers.consumerGet, { id: plain.id })
      const again = await bench.ok<Consumer>(consumers.consumerUpdate, { id: plain.id, version: current.version, remark: 'still mine' }, topicUser)
      expect(again.remark).toBe('still mine')

      const rows = await deliver(topicCode)
      expect(rows.map((r) => r.status)).toEqual(['delivered', 'delivered'])
      expect(sink.at('/holder')[0]!.headers.authorization).toBe(`Bearer ${SECRET}`)
      expect(sink.at('/plain')[0]!.headers['x-own-token']).toBeUndefined()
      expect(sink.at('/own')).toEqual([])
    })
  })
})
