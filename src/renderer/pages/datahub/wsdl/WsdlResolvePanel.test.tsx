// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useState } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { HubResult } from '../../../../shared/envelope'
import type { WsdlResolution } from '../../../../shared/contract/datahub/wsdl'
import { onSignal, type ToastSignal } from '../../../api/signals'
import { fail, installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { WsdlResolvePanel } from './WsdlResolvePanel'
import type { WsdlFields } from './wsdlSelection'
import { settle } from '../../../test/settle'

const ENDPOINT = 'datahub.producer.resolveWsdlUrl'

const ORDERS: WsdlResolution = {
  targetNamespace: 'urn:orders',
  portName: 'OrdersSoap',
  operations: [
    { targetMethodName: 'PlaceOrder', inparameters: [{ name: 'id', type: 'long' }, { name: 'amount', type: 'decimal' }], headerParameters: [{ name: 'token', type: 'string' }], headerMethodName: 'AuthHeader', portName: 'OrdersSoap', namespace: 'urn:orders:messages', serviceAddress: 'https://orders.example.com/ws' },
    { targetMethodName: 'Ping', inparameters: [], headerParameters: [], portName: 'AdminSoap' },
  ],
}

let toasts: ToastSignal[] = []
let stop = () => {}
beforeEach(() => {
  toasts = []
  stop = onSignal('toast', (t) => toasts.push(t))
})
afterEach(async () => {
  stop()
  await resetState()
})

/** The panel over a sub-model held in state, shown as JSON for the assertions. */
function Harness({ initial = {}, parameterValues = false }: { initial?: WsdlFields; parameterValues?: boolean }) {
  const [model, setModel] = useState<WsdlFields>(initial)
  return (
    <>
      <WsdlResolvePanel value={model} onChange={(change) => setModel((m) => ({ ...m, ...change }))} parameterValues={parameterValues} />
      <output data-testid="model">{JSON.stringify(model)}</output>
    </>
  )
}
const model = (): WsdlFields => JSON.parse(screen.getByTestId('model').textContent ?? '{}') as WsdlFields
const address = () => screen.getByRole('textbox', { name: 'WSDL 地址' })
const method = () => screen.getByRole('combobox', { name: '操作方法' })

describe('WSDL resolve panel', () => {
  it('refuses an empty address without asking the hub', async () => {
    const bridge = installFakeBridge()
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.click(screen.getByRole('button', { name: '解析' }))
    expect(await screen.findByText('WSDL地址不能为空')).toBeTruthy()
    expect(bridge.hubCalls()).toEqual([])
    expect((method() as HTMLSelectElement).disabled).toBe(true)
  })

  it('resolves, lists the operations, and choosing one fills parameters and headers', async () => {
    const bridge = installFakeBridge({ hub: { [ENDPOINT]: ok(ORDERS) } })
    const user = userEvent.setup()
    renderWithProviders(<Harness initial={{ serviceAddress: '' }} />)
    await user.type(address(), ' http://ws.example.com/orders?wsdl ')
    await user.click(screen.getByRole('button', { name: '解析' }))
    await waitFor(() => expect(toasts).toEqual([{ intent: 'success', message: '解析成功' }]))
    expect(bridge.hubCalls()).toEqual([{ endpoint: ENDPOINT, input: { wsdlUrl: 'http://ws.example.com/orders?wsdl' } }])
    // Two ports: each operation says which one it is called through.
    expect(within(method()).getAllByRole('option').map((o) => o.textContent)).toEqual(['请选择方法', 'PlaceOrder（端口 OrdersSoap）', 'Ping（端口 AdminSoap）'])
    expect(screen.queryByRole('table', { name: '参数' })).toBeNull()

    await user.selectOptions(method(), 'PlaceOrder')
    const params = screen.getByRole('table', { name: '参数' })
    expect(within(params).getAllByRole('row').map((r) => r.textContent)).toEqual(['参数名类型', 'idlong', 'amountdecimal'])
    expect(screen.getByText('SOAP 请求头元素：AuthHeader')).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: 'token 值' }), 'secret')
    expect(model()).toEqual({
      wsdlUrl: 'http://ws.example.com/orders?wsdl',
      methodName: 'PlaceOrder',
      namespace: 'urn:orders:messages',
      portName: 'OrdersSoap',
      serviceAddress: 'https://orders.example.com/ws',
      parameters: [{ name: 'id', type: 'long' }, { name: 'amount', type: 'decimal' }],
      headerMethodName: 'AuthHeader',
      headerParameters: [{ name: 'token', value: 'secret' }],
      // The address the operation came from: the editors save only when it is the one shown.
      wsdlResolvedFrom: 'http://ws.example.com/orders?wsdl',
    })

    await user.selectOptions(method(), 'Ping')
    expect(screen.getByText('该方法没有参数')).toBeTruthy()
    expect(screen.queryByRole('table', { name: '请求头参数' })).toBeNull()
    expect(model()).toMatchObject({ methodName: 'Ping', namespace: 'urn:orders', portName: 'AdminSoap', parameters: [], headerParameters: [], serviceAddress: 'https://orders.example.com/ws' })
  })

  it('a producer types the value of each parameter; a consumer, whose values come from the message, has no value column', async () => {
    installFakeBridge({ hub: { [ENDPOINT]: ok(ORDERS) } })
    const user = userEvent.setup()
    const stored = { wsdlUrl: 'http://ws.example.com/orders?wsdl', methodName: 'PlaceOrder', parameters: [{ name: 'id', type: 'long', value: '7' }, { name: 'amount', type: 'decimal' }] }
    const producer = renderWithProviders(<Harness initial={stored} parameterValues />)
    // A stored producer shows the values it sends.
    const params = screen.getByRole('table', { name: '参数' })
    expect(within(params).getAllByRole('row')[0]!.textContent).toBe('参数名类型值')
    expect((screen.getByRole('textbox', { name: 'id 值' }) as HTMLInputElement).value).toBe('7')
    expect(screen.getByText('每次运行都以这些值调用该方法；留空的参数不发送')).toBeTruthy()
    await user.clear(screen.getByRole('textbox', { name: 'id 值' }))
    await user.type(screen.getByRole('textbox', { name: 'id 值' }), '42')
    await user.type(screen.getByRole('textbox', { name: 'amount 值' }), '9.5')
    expect(model().parameters).toEqual([{ name: 'id', type: 'long', value: '42' }, { name: 'amount', type: 'decimal', value: '9.5' }])

    // Another operation's parameters start without values.
    await user.click(screen.getByRole('button', { name: '解析' }))
    await waitFor(() => expect(within(method()).getAllByRole('option')).toHaveLength(3))
    await user.selectOptions(method(), 'PlaceOrder')
    expect(model().parameters).toEqual([{ name: 'id', type: 'long' }, { name: 'amount', type: 'decimal' }])
    expect((screen.getByRole('textbox', { name: 'id 值' }) as HTMLInputElement).value).toBe('')
    producer.unmount()

    renderWithProviders(<Harness initial={stored} />)
    expect(within(screen.getByRole('table', { name: '参数' })).getAllByRole('row').map((r) => r.textContent)).toEqual(['参数名类型', 'idlong', 'amountdecimal'])
    expect(screen.queryByRole('textbox', { name: 'id 值' })).toBeNull()
  })

  it('says which imported schemas the hub could not load, and nothing when it loaded them all', async () => {
    const answers = [
      ok({
        ...ORDERS,
        warnings: [
          { kind: 'schemaUnavailable', url: 'http://ws.example.com/types.xsd', reason: 'httpStatus', status: 404 },
          { kind: 'schemaUnavailable', url: 'http://localhost:50000/Platform.asmx?xsd', reason: 'unreachable' },
        ],
      }),
      ok(ORDERS),
    ]
    installFakeBridge({ hub: { [ENDPOINT]: () => answers.shift()! } })
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.type(address(), 'http://ws.example.com/orders?wsdl')
    await user.click(screen.getByRole('button', { name: '解析' }))
    expect(await screen.findByText(/部分导入的架构无法加载/)).toBeTruthy()
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['http://ws.example.com/types.xsd（HTTP 404）', 'http://localhost:50000/Platform.asmx?xsd（无法连接）'])
    // The operations are usable all the same.
    expect(within(method()).getAllByRole('option')).toHaveLength(3)

    await user.click(screen.getByRole('button', { name: '解析' }))
    await waitFor(() => expect(screen.queryByText(/部分导入的架构无法加载/)).toBeNull())
  })

  it('a new resolve resets the method and its parameters', async () => {
    installFakeBridge({ hub: { [ENDPOINT]: ok(ORDERS) } })
    const user = userEvent.setup()
    const stored = { wsdlUrl: 'http://ws.example.com/orders?wsdl', methodName: 'PlaceOrder', parameters: [{ name: 'id', type: 'long' }], headerMethodName: 'AuthHeader', headerParameters: [{ name: 'token', value: 'x' }] }
    renderWithProviders(<Harness initial={stored} />)
    // An existing producer shows what it stored before any resolve.
    expect((method() as HTMLSelectElement).value).toBe('PlaceOrder')
    expect(screen.getByRole('table', { name: '请求头参数' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '解析' }))
    await waitFor(() => expect(model().methodName).toBe(''))
    expect(model()).toMatchObject({ parameters: [], headerMethodName: '', headerParameters: [], namespace: 'urn:orders', portName: 'OrdersSoap' })
    expect(screen.queryByRole('table', { name: '参数' })).toBeNull()
    expect(screen.queryByRole('table', { name: '请求头参数' })).toBeNull()
  })

  it('a failed resolve leaves nothing of the previous one: operations, namespace, port, parameters, the address it filled', async () => {
    const answers = [ok(ORDERS), fail('4040', 'WSDL 地址返回 HTTP 404：http://ws.example.com/gone?wsdl')]
    installFakeBridge({ hub: { [ENDPOINT]: () => answers.shift()! } })
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.type(address(), 'http://ws.example.com/orders?wsdl')
    await user.click(screen.getByRole('button', { name: '解析' }))
    await waitFor(() => expect(within(method()).getAllByRole('option')).toHaveLength(3))
    await user.selectOptions(method(), 'PlaceOrder')
    await user.clear(address())
    await user.type(address(), 'http://ws.example.com/gone?wsdl')
    await user.click(screen.getByRole('button', { name: '解析' }))
    await waitFor(() => expect(toasts.map((t) => t.message)).toContain('WSDL 地址返回 HTTP 404：http://ws.example.com/gone?wsdl'))
    expect(model()).toEqual({
      wsdlUrl: 'http://ws.example.com/gone?wsdl',
      wsdlResolvedFrom: '',
      methodName: '',
      namespace: '',
      portName: '',
      serviceAddress: '',
      parameters: [],
      headerMethodName: '',
      headerParameters: [],
    })
    expect(within(method()).getAllByRole('option')).toHaveLength(1)
    expect((method() as HTMLSelectElement).disabled).toBe(true)
    expect(screen.queryByRole('table', { name: '参数' })).toBeNull()
  })

  it('shows a spinner while resolving and can be cancelled; a late answer is ignored', async () => {
    let answer: (r: HubResult<unknown>) => void = () => {}
    installFakeBridge({ hub: { [ENDPOINT]: () => new Promise<HubResult<unknown>>((r) => (answer = r)) } })
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.type(address(), 'http://ws.example.com/orders?wsdl')
    await user.click(screen.getByRole('button', { name: '解析' }))
    expect((screen.getByRole('button', { name: '解析中…' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: '取消' }))
    expect(screen.getByRole('button', { name: '解析' })).toBeTruthy()
    answer(ok(ORDERS))
    await settle()
    expect(toasts).toEqual([])
    expect(within(method()).getAllByRole('option')).toHaveLength(1)
    expect(model()).toEqual({ wsdlUrl: 'http://ws.example.com/orders?wsdl' })
  })

  it("shows the hub's refusal: under the field for the address, as a toast otherwise", async () => {
    const refusals = [
      fail('4001', 'WSDL 地址须为 http 或 https 开头的完整地址', { fields: [{ path: 'wsdlUrl', key: 'msg_wsdl_url_invalid', message: '' }] }),
      fail('4031', '出于安全原因，不允许从内网、本机或保留地址加载 WSDL：http://10.0.0.5/x?wsdl'),
    ]
    installFakeBridge({ hub: { [ENDPOINT]: () => refusals.shift()! } })
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.type(address(), 'ftp://x')
    await user.click(screen.getByRole('button', { name: '解析' }))
    expect(await screen.findByText('WSDL 地址须为 http 或 https 开头的完整地址')).toBeTruthy()
    expect(toasts).toEqual([])
    await user.clear(address())
    await user.type(address(), 'http://10.0.0.5/x?wsdl')
    await user.click(screen.getByRole('button', { name: '解析' }))
    await waitFor(() => expect(toasts).toEqual([{ intent: 'error', message: '出于安全原因，不允许从内网、本机或保留地址加载 WSDL：http://10.0.0.5/x?wsdl' }]))
    expect(screen.queryByText('WSDL 地址须为 http 或 https 开头的完整地址')).toBeNull()
  })
})
