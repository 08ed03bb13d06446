import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadWsdl } from '../../../src/hub/datahub/wsdl/load'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { authenticationCreate } from '../../../src/shared/contract/datahub/authentication'
import type { ProducerInput } from '../../../src/shared/contract/datahub/producer'
import { messageList, type MessageSummary } from '../../../src/shared/contract/datahub/runtime'
import { SERVER_API_WS, SERVER_API_WS_ADDR } from '../../../src/shared/contract/datahub/serverApiWs'
import * as topicContract from '../../../src/shared/contract/datahub/topic'
import type { Paged } from '../../../src/shared/contract/paging'
import { longestStall, stallBudget } from '../../support/eventLoop'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { contentType, postSoap, pushSoap, soapRequest, type SoapReply } from './serverApiWsClient'
import { drain, httpConsumer, openFlow, pushOk, startSink, type Sink } from './support'

const targets = await storeTargets()

const wsProducer = (over: Partial<ProducerInput['apiRequestInfoModel']> = {}): Partial<ProducerInput> => ({
  productionMode: 'serverApiWS',
  apiRequestInfoModel: { apiWSAddr: SERVER_API_WS_ADDR, ...over },
})

/** A Fault as the caller reads it: HTTP status, SOAP code, detail code and reason. */
const faultOf = (reply: SoapReply) => ({ status: reply.status, code: reply.fault?.code, detailCode: reply.fault?.detailCode, reason: reply.fault?.reason })

describeEachStore(targets, 'exchange runtime: ingress as a web service /webservice/producer/serverApiWS', (target) => {
  let b: Bench
  let sink: Sink
  let worker: DeliveryWorker
  let origin: string

  beforeAll(async () => {
    b = await openBench(target)
    sink = await startSink()
    await b.hub.app.listen({ host: '127.0.0.1', port: 0 })
    origin = `http://127.0.0.1:${(b.hub.app.server.address() as AddressInfo).port}`
    // The hub calls itself on loopback in the last test, which the WSDL address rule refuses by default.
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: { ...b.hub.config, allowPrivateWsdl: true }, log: (l) => b.hub.logs.push(l) }, { retryUnitMs: 5 })
  })
  afterAll(async () => {
    await worker?.stop()
    await sink?.close()
    await b?.close()
  })

  it('publishes a WSDL that the hub\'s own resolver reads: one operation, SOAP 1.1 and 1.2, at the address the caller used', async () => {
    const resolution = await loadWsdl(`${origin}${SERVER_API_WS_ADDR}`, { allowPrivate: true })
    expect(resolution.targetNamespace).toBe(SERVER_API_WS.namespace)
    expect(resolution.operations).toEqual([
      expect.objectContaining({
        targetMethodName: 'serverApi',
        inparameters: [{ name: 'topicCode', type: 'string' }, { name: 'data', type: 'string' }],
        serviceAddress: `${origin}${SERVER_API_WS.path}`,
        soapVersion: '1.1',
        style: 'document',
        requestElement: 'serverApi',
        qualifiedParameters: true,
        namespace: SERVER_API_WS.namespace,
        soapAction: SERVER_API_WS.soapAction,
      }),
    ])
    const wsdl = await fetch(`${origin}${SERVER_API_WS_ADDR}`).then((r) => r.text())
    expect(wsdl).toContain(`<soap12:address location="${origin}${SERVER_API_WS.path}"/>`)

    // Behind a proxy the Host header names the hub; a Host that is no host name is not echoed.
    const proxied = await b.hub.app.inject({ method: 'GET', url: SERVER_API_WS_ADDR, headers: { host: 'hub.example.com:8443' } })
    expect(proxied.headers['content-type']).toBe('text/xml; charset=utf-8')
    expect(proxied.body).toContain('<soap:address location="http://hub.example.com:8443/webservice/producer/serverApiWS"/>')
    const forged = await b.hub.app.inject({ method: 'GET', url: SERVER_API_WS_ADDR, headers: { host: 'x"/><evil' } })
    expect(forged.body).not.toContain('evil')
  })

  it('takes a SOAP 1.1 and a SOAP 1.2 call: answers once stored, logs the message, delivers it to the consumer', async () => {
    const flow = await openFlow(b, { topic: { dataFormat: 'json' }, producer: wsProducer(), consumers: [httpConsumer(`${sink.url}/ws-in`)] })
    for (const version of ['1.1', '1.2'] as const) {
      const reply = await pushSoap(b.hub.app, version, flow.topic.code, JSON.stringify({ id: version, note: '<订单> & co' }))
      expect(reply.status, reply.text).toBe(200)
      expect(reply.contentType).toBe(version === '1.1' ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8')
      expect(reply.response).toEqual({ code: '2000', message: '操作成功', messageId: expect.any(String), routingKeys: flow.topic.code, deliveries: '1' })
      const messageId = reply.response!.messageId as string
      expect((await drain(b, worker, messageId))[0]).toMatchObject({ status: 'delivered' })
      expect(JSON.parse(sink.at('/ws-in').at(-1)!.body)).toEqual({ id: version, note: '<订单> & co' })
    }
    const log = await b.ok<Paged<MessageSummary>>(messageList, { topicCode: flow.topic.code })
    expect(log.content.map((m) => m.producerId)).toEqual([flow.producer.id, flow.producer.id])
  })

  it('an xml topic takes the document as text or as the data element\'s children', async () => {
    const flow = await openFlow(b, { topic: { dataFormat: 'xml' }, producer: wsProducer(), consumers: [] })
    expect((await pushSoap(b.hub.app, '1.1', flow.topic.code, '\n  <order><id>1</id></order>\n')).response?.code).toBe('2000')
    const nested = await postSoap(b.hub.app, soapRequest('1.2', { topicCode: flow.topic.code, data: '<order xmlns=""><id>2</id></order>' }), contentType('1.2'))
    expect(nested.response?.code, nested.text).toBe('2000')
    const broken = await pushSoap(b.hub.app, '1.1', flow.topic.code, '<order><id>3</order>')
    expect(faultOf(broken)).toMatchObject({ status: 500, code: 'soap:Client', detailCode: '4001' })
    expect(broken.fault!.reason).toContain('消息数据不是有效的 XML')
  })

  it('refuses a stopped producer, a disabled topic and a serverApi producer with a Fault in the caller\'s language', async () => {
    const flow = await openFlow(b, { producer: wsProducer(), consumers: [], start: false })
    const stopped = await pushSoap(b.hub.app, '1.1', flow.topic.code, '{}')
    expect(faultOf(stopped)).toEqual({ status: 500, code: 'soap:Server', detailCode: '4090', reason: `消息主题 ${flow.topic.code} 的生产者未启用，暂不接收数据` })
    expect(stopped.fault!.lang).toBe('zh-CN')
    const english = await pushSoap(b.hub.app, '1.2', flow.topic.code, '{}', { locale: 'en' })
    expect(faultOf(english)).toEqual({ status: 500, code: 'soap:Receiver', detailCode: '4090', reason: `The producer of topic ${flow.topic.code} is disabled and accepts no data` })
    expect(english.fault!.lang).toBe('en')

    await b.ok(topicContract.topicDisableOrEnable, { id: flow.topic.id })
    expect(faultOf(await pushSoap(b.hub.app, '1.1', flow.topic.code, '{}'))).toMatchObject({ detailCode: '4090', reason: `消息主题 ${flow.topic.code} 未启用，暂不接收数据` })
    expect(faultOf(await pushSoap(b.hub.app, '1.2', 'no.such.topic', '{}'))).toEqual({ status: 400, code: 'soap:Sender', detailCode: '4040', reason: '消息主题“no.such.topic”不存在' })
    expect(faultOf(await pushSoap(b.hub.app, '1.1', 'no.such.topic', '{}', { locale: 'en' })).reason).toBe('Topic "no.such.topic" does not exist')

    // The JSON API's producer is not reachable through the web service, nor the other way round.
    const jsonApi = await openFlow(b, { consumers: [] })
    expect(faultOf(await pushSoap(b.hub.app, '1.1', jsonApi.topic.code, '{}'))).toMatchObject({
      detailCode: '4090',
      reason: `消息主题 ${jsonApi.topic.code} 的生产者不是 serverApiWS 模式，不能通过该接口推送数据`,
    })
  })

  it('checks the producer\'s API authentication from the HTTP header, as the JSON API does', async () => {
    await b.ok(authenticationCreate, { appCode: 'crm', authenName: 'ws-key', authenType: '1', tokenKey: 'X-Ws-Token', tokenValue: 'ws-s3cret' })
    const flow = await openFlow(b, { producer: wsProducer({ authorization: { display: '1', appCode: 'crm', selectedAuth: 'ws-key' } }), consumers: [] })
    expect(faultOf(await pushSoap(b.hub.app, '1.2', flow.topic.code, '{}'))).toEqual({ status: 400, code: 'soap:Sender', detailCode: '4031', reason: '认证失败：请求未携带有效的令牌' })
    const wrong = await pushSoap(b.hub.app, '1.1', flow.topic.code, '{}', { headers: { 'X-Ws-Token': 'ws-s3creT' }, locale: 'en' })
    expect(faultOf(wrong)).toEqual({ status: 500, code: 'soap:Client', detailCode: '4031', reason: 'Authentication failed: the request carries no valid token' })
    expect((await pushSoap(b.hub.app, '1.1', flow.topic.code, '{}', { headers: { 'X-Ws-Token': 'ws-s3cret' } })).response?.code).toBe('2000')
  })

  it('answers requests that are no serverApi call with a Fault saying what is wrong, never a system error', async () => {
    const flow = await openFlow(b, { producer: wsProducer(), consumers: [] })
    const post = (body: string | Buffer, type = contentType('1.1'), locale = 'zh-CN') => postSoap(b.hub.app, body, type, { locale })
    const cases: [SoapReply, string, string][] = [
      [await post('<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>'), '4001', '请求不是格式正确的 XML：'],
      [await post(''), '4001', '请求不是格式正确的 XML：'],
      [await post('<order/>'), '4001', '请求不是带有 Body 的 SOAP 1.1 或 1.2 信封'],
      [await post('{"topicCode":"x","data":"{}"}', 'application/json'), '4001', '请求不是格式正确的 XML：'],
      [await post('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'), '4001', 'SOAP 消息不能包含文档类型声明（DOCTYPE）'],
      [await post(soapRequest('1.1', { data: '{}' })), '4001', '请提供消息主题编码（topicCode）'],
      [await post(soapRequest('1.1', { topicCode: flow.topic.code })), '4001', '请提供消息数据（data）'],
      [await post(soapRequest('1.1', { topicCode: flow.topic.code, data: '{"a":' }).replace(/serverApi/g, 'otherOp')), '4001', 'SOAP 消息体中没有 serverApi 请求'],
      [
        await post(soapRequest('1.1', { topicCode: flow.topic.code, data: '{}' }, '<w:Security xmlns:w="urn:sec" s:mustUnderstand="1"/>')),
        '4001',
        'SOAP 头 Security 标记为必须理解（mustUnderstand）',
      ],
      [await post(Buffer.alloc(3 * 1024 * 1024, 0x20)), '4130', '请求内容过大'],
    ]
    for (const [reply, code, reason] of cases) {
      expect(reply.fault, reply.text).not.toBeNull()
      expect(reply.status, reply.text).toBe(500)
      expect(reply.fault!.detailCode, reply.text).toBe(code)
      expect(reply.fault!.reason, reply.text).toContain(reason)
    }
    const mustUnderstand = cases[8]![0]
    expect(mustUnderstand.fault!.code).toBe('soap:MustUnderstand')
    // SOAP 1.2 by its media type when the envelope cannot be read; English when asked.
    const english = await post('<broken', 'application/soap+xml', 'en')
    expect(faultOf(english)).toMatchObject({ status: 400, code: 'soap:Sender', detailCode: '4001' })
    expect(english.fault!.reason).toContain('The request is not well-formed XML')
    expect(b.hub.logs.filter((l) => l.includes('serverApiWS'))).toEqual([])
  })

  it('reads an envelope of nearly the hub\'s whole body limit in a worker: the hub\'s thread is not held up meanwhile', async () => {
    const flow = await openFlow(b, { topic: { dataFormat: 'xml' }, producer: wsProducer(), consumers: [] })
    // ~1.9 MB of elements, the XML message put in as it is: tens of thousands of nodes to parse and write back.
    const lines = Array.from({ length: 36_000 }, (_, i) => `<line n="${i}"><sku>A-${i}</sku><qty>${i % 7}</qty></line>`).join('')
    const envelope = soapRequest('1.1', { topicCode: flow.topic.code, data: `<order xmlns="">${lines}</order>` })
    expect(envelope.length).toBeGreaterThan(1_800_000)
    const budget = await stallBudget()
    let reply: SoapReply | undefined
    const stall = await longestStall(postSoap(b.hub.app, envelope, contentType('1.1')).then((r) => (reply = r)))
    console.log(`serverApiWS envelope of ${(envelope.length / 1e6).toFixed(2)} MB: hub thread's longest stall ${stall.toFixed(0)} ms (budget ${budget.toFixed(0)} ms)`)
    expect(reply?.response?.code, reply?.text).toBe('2000')
    expect(stall).toBeLessThan(budget)
  })

  it('a webservice consumer of one topic feeds another topic through this service: the hub\'s SOAP client and service agree', async () => {
    const downstream = await openFlow(b, { topic: { dataFormat: 'json' }, producer: wsProducer(), consumers: [httpConsumer(`${sink.url}/relayed`)] })
    const wsdlUrl = `${origin}${SERVER_API_WS_ADDR}`
    const upstream = await openFlow(b, {
      topic: { dataFormat: 'json' },
      consumers: [
        {
          dataConsumeType: 'webservice',
          // What the consumer editor saves after resolving this WSDL.
          webServiceRequestInfoModel: {
            wsdlUrl,
            methodName: 'serverApi',
            namespace: SERVER_API_WS.namespace,
            serviceAddress: `${origin}${SERVER_API_WS.path}`,
            parameters: [{ name: 'topicCode', type: 'string' }, { name: 'data', type: 'string' }],
            callbackStrategy: '1',
          },
        },
      ],
    })
    const id = await pushOk(b, upstream.topic.code, { topicCode: downstream.topic.code, data: JSON.stringify({ order: 42, city: 'Xi\'an & Co' }) })
    expect((await drain(b, worker, id))[0]).toMatchObject({ status: 'delivered', last_error: '' })
    const [relayed] = await b.ok<Paged<MessageSummary>>(messageList, { topicCode: downstream.topic.code }).then((p) => p.content)
    expect(relayed).toBeDefined()
    expect((await drain(b, worker, relayed!.id))[0]).toMatchObject({ status: 'delivered' })
    expect(JSON.parse(sink.at('/relayed').at(-1)!.body)).toEqual({ order: 42, city: 'Xi\'an & Co' })
  })
})
