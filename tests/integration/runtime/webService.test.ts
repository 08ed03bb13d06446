import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ConsumerInput } from '../../../src/shared/contract/datahub/consumer'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { ORDERS_NS, receiveOrderSettings, startSoapSink, valuesOf, type SoapSink } from '../../support/soapSink'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { drain, openFlow, pushOk, settle } from './support'

const targets = await storeTargets()

/** A webservice consumer of the sink's order service, as the consumer editor saves it after a resolve. */
const soapConsumer = (wsdlUrl: string, model: Record<string, unknown> = {}, overrides: Partial<ConsumerInput> = {}): Partial<ConsumerInput> => ({
  dataConsumeType: 'webservice',
  webServiceRequestInfoModel: {
    ...receiveOrderSettings(wsdlUrl),
    parameters: [{ name: 'orderId', type: 'string' }, { name: 'amount', type: 'decimal' }, { name: 'customer', type: 'Customer' }, { name: 'tags', type: 'string' }],
    callbackStrategy: '1',
    ...model,
  },
  ...overrides,
})

describeEachStore(targets, 'exchange runtime: web-service calls (webservice consumers, strategy-3 callbacks)', (target) => {
  let b: Bench
  let soap: SoapSink
  let worker: DeliveryWorker
  let strict: DeliveryWorker
  beforeAll(async () => {
    b = await openBench(target)
    soap = await startSoapSink()
    // The sink is on loopback, which the WSDL address rule refuses unless the hub allows private addresses.
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: { ...b.hub.config, allowPrivateWsdl: true }, log: () => {} }, { retryUnitMs: 5 })
    strict = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: { ...b.hub.config, allowPrivateWsdl: false }, log: () => {} }, { retryUnitMs: 5 })
  })
  afterAll(async () => {
    await worker?.stop()
    await strict?.stop()
    await soap?.close()
    await b?.close()
  })

  it('delivers a JSON message through ingress and the worker as a SOAP 1.1 call: parameters by name, header, action', async () => {
    const flow = await openFlow(b, { topic: { dataFormat: 'json' }, consumers: [soapConsumer(soap.wsdlUrl('1.1'))] })
    const id = await pushOk(b, flow.topic.code, { orderId: 'A-1', amount: 12.5, customer: { name: '张三', city: 'Xi\'an & Co' }, tags: ['new', 'vip'], unrelated: 'left out' })
    const [row] = await drain(b, worker, id)
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_error: '' })
    expect(soap.refused).toEqual([])
    const call = soap.accepted.at(-1)!
    expect(call).toMatchObject({ version: '1.1', operation: 'ReceiveOrder', header: { user: 'hub', token: 't0ken' } })
    expect(call.headers.soapaction).toBe('"urn:ReceiveOrder"')
    expect(call.headers['x-datahub-message-id']).toBe(id)
    expect(valuesOf(call.request)).toEqual({ orderId: 'A-1', amount: '12.5', customer: '张三Xi\'an & Co', tags: 'new,vip' })
    const customer = call.request.getElementsByTagNameNS(ORDERS_NS, 'city')[0]
    expect(customer?.textContent).toBe('Xi\'an & Co')
  })

  it('SOAP 1.2 by the binding; an XML message is the body element as it is', async () => {
    const flow = await openFlow(b, { topic: { dataFormat: 'xml' }, consumers: [soapConsumer(soap.wsdlUrl('1.2'), { headerMethodName: '', headerParameters: [] })] })
    const xml = `<?xml version="1.0"?><o:OrderRequest xmlns:o="${ORDERS_NS}"><o:orderId>X-9</o:orderId><o:amount>3</o:amount></o:OrderRequest>`
    const id = await pushOk(b, flow.topic.code, xml)
    expect((await drain(b, worker, id))[0]).toMatchObject({ status: 'delivered' })
    const call = soap.accepted.at(-1)!
    expect(call.version).toBe('1.2')
    expect(call.headers['content-type']).toBe('application/soap+xml; charset=utf-8; action="urn:ReceiveOrder"')
    expect(valuesOf(call.request)).toEqual({ orderId: 'X-9', amount: '3' })
    expect(call.header).toEqual({})
  })

  it('a SOAP Fault is a failed try: retried per the consumer, then dead with the fault', async () => {
    const flow = await openFlow(b, {
      consumers: [soapConsumer(soap.wsdlUrl('1.1'), {}, { retriable: '1', retryNum: '2', retryTimeInterval: '1' })],
    })
    soap.answer('ReceiveOrder', () => ({ fault: 'order store is offline' }))
    const before = soap.accepted.length
    try {
      const id = await pushOk(b, flow.topic.code, { orderId: 'F-1', amount: 1 })
      const [row] = await drain(b, worker, id)
      expect(row).toMatchObject({ status: 'dead', attempts: 3 })
      expect(row!.last_error).toContain('answered a SOAP fault (HTTP 500): s:Server: order store is offline')
      expect(row!.last_error).toContain('gave up after 3 attempts')
      expect(soap.accepted.length - before).toBe(3)
    } finally {
      soap.answer('ReceiveOrder', () => 'ok')
    }
  })

  it('settings that can never work end the delivery dead at once: an unknown operation, a WSDL on a refused address', async () => {
    const retry = { retriable: '1', retryNum: '3', retryTimeInterval: '1' } as const
    const unknown = await openFlow(b, { consumers: [soapConsumer(soap.wsdlUrl('1.1'), { methodName: 'CancelOrder' }, retry)] })
    const [row] = await drain(b, worker, await pushOk(b, unknown.topic.code, { orderId: 'U-1' }))
    expect(row).toMatchObject({ status: 'dead', attempts: 1 })
    expect(row!.last_error).toContain("has no SOAP operation 'CancelOrder' (it has ReceiveOrder, ReportResult)")

    // Without HUB_ALLOW_PRIVATE_WSDL the hub neither loads the loopback WSDL nor calls the service.
    const before = soap.accepted.length
    const refused = await openFlow(b, { consumers: [soapConsumer(soap.wsdlUrl('1.1'), {}, retry)] })
    const [other] = await drain(b, strict, await pushOk(b, refused.topic.code, { orderId: 'P-1', amount: 2 }))
    expect(other).toMatchObject({ status: 'dead', attempts: 1 })
    expect(other!.last_error).toContain('HUB_ALLOW_PRIVATE_WSDL')
    expect(soap.accepted.length).toBe(before)
  })

  it('a web-service callback (strategy 3) reaches the service: the report fills the operation parameters by name', async () => {
    const flow = await openFlow(b, {
      producer: {
        alarm: JSON.stringify({ objData: [], callbackData: { callbackStatus: '1', callbackRule: '1' } }),
        apiRequestInfoModel: {
          apiAddr: '/producer/serverApi',
          callbackStrategy: '3',
          // What the producer's callback tab saves: WSDL, operation and namespace only.
          callbackWSParamsModel: { wsdlUrl: soap.wsdlUrl('1.1'), methodName: 'ReportResult', namespace: ORDERS_NS, parameters: [], headerMethodName: '', headerParameters: [] },
        },
      },
      consumers: [soapConsumer(soap.wsdlUrl('1.1'))],
    })
    const id = await pushOk(b, flow.topic.code, { orderId: 'C-1', amount: 5 })
    const [callback] = await settle(b, worker, id)
    expect(callback).toMatchObject({ kind: 'callback', status: 'sent', attempts: 1 })
    const call = soap.accepted.find((a) => a.operation === 'ReportResult' && valuesOf(a.request).messageId === id)
    expect(call && valuesOf(call.request)).toEqual({ messageId: id, topicCode: flow.topic.code, status: 'success' })
    expect(call!.headers.soapaction).toBe('"urn:ReportResult"')
  })
})
