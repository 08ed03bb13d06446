import { DOMParser } from '@xmldom/xmldom'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FetchError } from '../../../../src/hub/runtime/fetch/fetcher'
import { FETCHERS } from '../../../../src/hub/runtime/fetch/index'
import { ORDERS_NS, startSoapSink, valuesOf, type SoapSink } from '../../../support/soapSink'
import { describeEachStore, storeTargets } from '../../../support/stores'
import { openBench, type Bench } from '../../datahub/support'
import { ORDER_LIST, runFetcher, scheduledProducer, soapProducer, tryFetcher } from './support'

// The webservice fetcher does not read the store at all: SQLite alone.
const targets = (await storeTargets()).filter((t) => t.name === 'sqlite')
const fetcher = FETCHERS.webservice!

describeEachStore(targets, 'scheduled producers: the webservice fetcher against a real SOAP service', (target) => {
  let b: Bench
  let soap: SoapSink
  beforeAll(async () => {
    // The service is on loopback, which the WSDL address rule refuses unless the hub allows private addresses.
    b = await openBench(target, { allowPrivateWsdl: true })
    soap = await startSoapSink()
  })
  afterAll(async () => {
    await soap?.close()
    await b?.close()
  })

  it('calls the operation with its parameter values and SOAP header; an xml topic gets the answer body as XML', async () => {
    soap.answer('ReceiveOrder', () => ({ body: ORDER_LIST }))
    const saved = await scheduledProducer(b, { dataFormat: 'xml' }, soapProducer(soap.wsdlUrl('1.1')))
    const run = await runFetcher(b, fetcher, saved)
    expect(soap.refused).toEqual([])
    const call = soap.accepted.at(-1)!
    expect(call).toMatchObject({ version: '1.1', operation: 'ReceiveOrder', header: { user: 'hub', token: 't0ken' } })
    expect(call.headers.soapaction).toBe('"urn:ReceiveOrder"')
    // Parameters without a value are left out.
    expect(valuesOf(call.request)).toEqual({ orderId: 'A-*', amount: '0' })

    expect(run.batches).toHaveLength(1)
    expect(run.batches[0]!.rowsRead).toBe(1)
    const [message] = run.messages as string[]
    const root = new DOMParser().parseFromString(message!, 'text/xml').documentElement!
    expect([root.namespaceURI, root.localName]).toEqual([ORDERS_NS, 'OrderList'])
    expect(Array.from(root.getElementsByTagNameNS(ORDERS_NS, 'id')).map((e) => e.textContent)).toEqual(['A-1', 'A-2'])
  })

  it('a json topic gets the answer body as JSON text (SOAP 1.2 by the binding)', async () => {
    soap.answer('ReceiveOrder', () => ({ body: ORDER_LIST }))
    const saved = await scheduledProducer(b, { dataFormat: 'json' }, soapProducer(soap.wsdlUrl('1.2'), { headerMethodName: '', headerParameters: [] }))
    const run = await runFetcher(b, fetcher, saved)
    expect(soap.accepted.at(-1)).toMatchObject({ version: '1.2', header: {} })
    // The message is JSON text (numbers keep their digits, json/exact.ts); an answer element the WSDL does not declare is read as the data has it.
    expect(run.messages.map((m) => JSON.parse(m as string))).toEqual([
      {
        order: [
          { id: 'A-1', amount: '12.5' },
          { id: 'A-2', amount: '3' },
        ],
        note: null,
      },
    ])
  })

  it('a Fault, or a WSDL on an address the hub refuses, fails the run with the reason', async () => {
    soap.answer('ReceiveOrder', () => ({ fault: 'order store is offline' }))
    try {
      const saved = await scheduledProducer(b, { dataFormat: 'xml' }, soapProducer(soap.wsdlUrl('1.1')))
      const faulted = await tryFetcher(b, fetcher, saved)
      expect(faulted.error).toBeInstanceOf(FetchError)
      expect(faulted.error!.message).toBe(`${soap.origin}/orders11 answered a SOAP fault (HTTP 500): s:Server: order store is offline`)
      expect(faulted.messages).toEqual([])
    } finally {
      soap.answer('ReceiveOrder', () => 'ok')
    }

    const strict = await openBench(target, { allowPrivateWsdl: false })
    try {
      const before = soap.accepted.length
      const saved = await scheduledProducer(strict, { dataFormat: 'xml' }, soapProducer(soap.wsdlUrl('1.1')))
      const refused = await tryFetcher(strict, fetcher, saved)
      expect(refused.error).toBeInstanceOf(FetchError)
      expect(refused.error!.message).toContain('HUB_ALLOW_PRIVATE_WSDL')
      expect(soap.accepted.length).toBe(before)
    } finally {
      await strict.close()
    }
  })
})
