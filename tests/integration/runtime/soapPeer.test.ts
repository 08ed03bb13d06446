import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ConsumerInput } from '../../../src/shared/contract/datahub/consumer'
import { FETCHERS } from '../../../src/hub/runtime/fetch/index'
import { parseExact, stringifyExact } from '../../../src/hub/runtime/json/exact'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { bodyElementOf, startShopPeer, validateAgainstShop, type ShopCall, type ShopPeer } from '../../support/shopPeer'
import { describeEachStore, storeTargets } from '../../support/stores'
import { SHOP_NS } from '../../support/wcfShop'
import { openBench, type Bench } from '../datahub/support'
import { runFetcher, scheduledProducer } from './fetch/support'
import { drain, openFlow, pushOk } from './support'

// What is checked is the SOAP exchange, not the store: SQLite alone.
const targets = (await storeTargets()).filter((t) => t.name === 'sqlite')

/** A webservice consumer of one shop operation, as the consumer editor saves it after a resolve. */
const shopConsumer = (peer: ShopPeer, methodName: string, parameters: string[]): Partial<ConsumerInput> => ({
  dataConsumeType: 'webservice',
  webServiceRequestInfoModel: {
    wsdlUrl: peer.wsdlUrl,
    methodName,
    namespace: SHOP_NS.contract,
    serviceAddress: peer.address,
    portName: 'BasicHttpBinding_IShop',
    parameters: parameters.map((name) => ({ name, type: 'string' })),
    headerMethodName: '',
    headerParameters: [],
    callbackStrategy: '1',
  },
})

describeEachStore(targets, 'SOAP against node-soap with a WCF-style WSDL (types in imported schemas of their own namespaces)', (target) => {
  let b: Bench
  let peer: ShopPeer
  let worker: DeliveryWorker
  beforeAll(async () => {
    b = await openBench(target, { allowPrivateWsdl: true })
    peer = await startShopPeer()
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: { ...b.hub.config, allowPrivateWsdl: true }, log: () => {} }, { retryUnitMs: 5 })
  })
  afterAll(async () => {
    await worker?.stop()
    await peer?.close()
    await b?.close()
  })

  /** Pushes one JSON text through ingress to a consumer of the operation; the delivery row and the call node-soap got. */
  async function deliver(operation: string, parameters: string[], json: string): Promise<{ row: { status: string; last_error: string }; call: ShopCall | undefined }> {
    const flow = await openFlow(b, { topic: { dataFormat: 'json' }, consumers: [shopConsumer(peer, operation, parameters)] })
    const before = peer.calls.length
    const [row] = await drain(b, worker, await pushOk(b, flow.topic.code, json))
    return { row: row!, call: peer.calls.slice(before).at(-1) }
  }

  it('a single complex parameter is filled by the message fields, each element in the namespace of the schema declaring it, values in their XSD forms', async () => {
    const { row, call } = await deliver('Place', ['order'], '{"id":"K-2","qty":3,"amount":0.0000001,"express":true,"placedAt":"2026-12-01 10:00:00","note":null}')
    expect(row).toMatchObject({ status: 'delivered', last_error: '' })
    const body = bodyElementOf(call!.xml)
    // The operation's element in the contract namespace, the data contract's members in theirs.
    expect(body).toContain(`<m:Place xmlns:m="${SHOP_NS.contract}" xmlns:n1="${SHOP_NS.data}"><m:order><n1:id>K-2</n1:id><n1:qty>3</n1:qty><n1:amount>0.0000001</n1:amount>`)
    expect(body).toContain('<n1:placedAt>2026-12-01T10:00:00</n1:placedAt><n1:note xsi:nil="true"')
    expect(await validateAgainstShop(body)).toEqual({ ok: true, output: expect.stringContaining('validates') })
    // What the hub wrote before: every element in the operation's namespace, the order as JSON text. xmllint refuses both.
    const allInOne = `<m:Place xmlns:m="${SHOP_NS.contract}"><m:order><m:id>K-2</m:id><m:qty>3</m:qty></m:order></m:Place>`
    expect(await validateAgainstShop(allInOne)).toMatchObject({ ok: false, output: expect.stringContaining("This element is not expected") })
    expect(await validateAgainstShop(`<m:Place xmlns:m="${SHOP_NS.contract}"><m:order>{"id":"K-2","qty":3}</m:order></m:Place>`)).toMatchObject({ ok: false })
    // node-soap read the order as the service's fields (it makes numbers and booleans of them by the schema).
    expect(call!.args).toMatchObject({ order: { id: 'K-2', qty: 3, amount: 0.0000001, express: true, placedAt: new Date('2026-12-01T10:00:00') } })
  })

  it('nested types across three schemas: qualified, unqualified and form="qualified" elements, as xmllint checks them', async () => {
    const { row, call } = await deliver('Register', ['customer', 'referrer'], '{"customer":{"Name":"李","Address":{"street":"1 Chang\'an Rd","city":"Xi\'an","zip":"710000"}},"unknown":1}')
    expect(row).toMatchObject({ status: 'delivered' })
    const body = bodyElementOf(call!.xml)
    expect(body).toContain(`<m:customer><n1:Name>李</n1:Name><n1:Address><street>1 Chang'an Rd</street><city>Xi'an</city><n2:zip>710000</n2:zip></n1:Address></m:customer>`)
    expect(await validateAgainstShop(body)).toMatchObject({ ok: true })
    expect(call!.args).toMatchObject({ customer: { Name: '李', Address: { street: "1 Chang'an Rd", city: "Xi'an", zip: '710000' } } })
  })

  it('a large decimal keeps its digits and 1e21 has no exponent; null on an optional non-nillable element is left out', async () => {
    const { row, call } = await deliver('Place', ['order'], '{"order":{"id":"K-3","qty":1e3,"amount":1e21,"note":"n"},"express":null}')
    expect(row).toMatchObject({ status: 'delivered' })
    const body = bodyElementOf(call!.xml)
    expect(body).toContain('<n1:qty>1000</n1:qty><n1:amount>1000000000000000000000</n1:amount><n1:note>n</n1:note>')
    expect(await validateAgainstShop(body)).toMatchObject({ ok: true })

    const omitted = await deliver('Place', ['order'], '{"id":"K-4","qty":2,"amount":null,"express":null}')
    expect(omitted.row).toMatchObject({ status: 'delivered' })
    expect(bodyElementOf(omitted.call!.xml)).toContain('<n1:id>K-4</n1:id><n1:qty>2</n1:qty></m:order>')
    expect(await validateAgainstShop(bodyElementOf(omitted.call!.xml))).toMatchObject({ ok: true })
  })

  it('null on a required non-nillable element, or a fraction for an xs:int, ends the delivery dead with the reason; nothing is sent', async () => {
    const before = peer.calls.length
    const nil = await deliver('Place', ['order'], '{"id":null,"qty":1}')
    expect(nil.row).toMatchObject({ status: 'dead' })
    expect(nil.row.last_error).toContain("The message gives null for Place/order/id, which the web service's schema declares neither nillable nor optional")
    const fraction = await deliver('Place', ['order'], '{"id":"K-5","qty":2.5}')
    expect(fraction.row).toMatchObject({ status: 'dead' })
    expect(fraction.row.last_error).toContain('The message\'s value 2.5 for Place/order/qty is not an xs:int')
    expect(peer.calls.length).toBe(before)
  })

  it('the webservice producer reads the answer by the schema: a repeated element is a list for one and for two, numbers are exact, booleans booleans', async () => {
    const fetcher = FETCHERS.webservice!
    const saved = await scheduledProducer(b, { dataFormat: 'json' }, {
      productionMode: 'webservice',
      webServiceRequestInfoModel: {
        wsdlUrl: peer.wsdlUrl,
        methodName: 'ListOrders',
        namespace: SHOP_NS.contract,
        serviceAddress: peer.address,
        portName: 'BasicHttpBinding_IShop',
        parameters: [{ name: 'customerId', type: 'int', value: '42' }],
        headerMethodName: '',
        headerParameters: [],
      },
    })
    peer.orders = [{ id: 'A-1', qty: 3, amount: '12345678901234567890.50', express: true }]
    const one = await runFetcher(b, fetcher, saved)
    expect(peer.calls.at(-1)).toMatchObject({ operation: 'ListOrders', args: { customerId: 42 } })
    expect(await validateAgainstShop(bodyElementOf(peer.calls.at(-1)!.xml))).toMatchObject({ ok: true })
    const text = one.messages[0] as string
    expect(text).toBe('{"ListOrdersResult":{"order":[{"id":"A-1","qty":3,"amount":12345678901234567890.50,"express":true}]}}')

    peer.orders = [
      { id: 'A-1', qty: 3, amount: '0.0000001', express: false },
      { id: 'A-2', qty: 4, note: 'second' },
    ]
    const two = await runFetcher(b, fetcher, saved)
    const value = parseExact(two.messages[0] as string) as { ListOrdersResult: { order: Record<string, unknown>[] } }
    expect(value.ListOrdersResult.order.map((o) => o.id)).toEqual(['A-1', 'A-2'])
    expect(stringifyExact(value.ListOrdersResult.order[0])).toBe('{"id":"A-1","qty":3,"amount":0.0000001,"express":false}')

    peer.orders = []
    const none = await runFetcher(b, fetcher, saved)
    expect(parseExact(none.messages[0] as string)).toEqual({ ListOrdersResult: { order: [] } })
  })
})
