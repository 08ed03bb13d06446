// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '../../../i18n'
import { referenceStore } from '../../../state/reference'
import { datahubDictionaries, makeProducer, makeTopic } from '../../../test/datahub'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { rowFromTopic } from '../flow/flowRow'
import { ProducerDialog } from './ProducerDialog'

const mq = { dictType: 'dh_producer_production_mode', dictValue: 'mq', dictLabelCn: '消息队列', dictLabelEn: 'MQ', status: '1', sort: 9 }
beforeEach(() => referenceStore.set({ dictionaries: [...datahubDictionaries, mq] }))
afterEach(resetState)

const topic = rowFromTopic(makeTopic()).topic
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`))
const save = () => screen.getByRole('button', { name: '保存' })
type Bridge = ReturnType<typeof installFakeBridge>
const sent = (bridge: Bridge, endpoint: string) => bridge.hubCalls().find((c) => c.endpoint === endpoint)?.input as Record<string, unknown> | undefined
async function paste(user: ReturnType<typeof userEvent.setup>, el: HTMLElement, text: string) {
  await user.click(el)
  await user.paste(text)
}

describe('producer editor', () => {
  it('new http producer: other tabs wait for the id; switching mode keeps each mode’s fields; schedule required; only checked rows sent', async () => {
    const crm = { id: 'a1', code: 'crm', name: '客户关系', appType: '0', stakeholder: '', stakeholderPhone: '', stakeholderEmail: '', routePath: '', status: '1', updatedDate: '' }
    const bridge = installFakeBridge({
      hub: {
        'datahub.producer.create': (input) => ok({ ...makeProducer({ status: '0' }), ...(input as object) }),
        'platform.application.listAll': (input) => ok((input as { appType?: string }).appType === '0' ? [crm] : []),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<ProducerDialog topic={topic} viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    for (const name of ['属性配置', '预处理', '备注']) expect((screen.getByRole('tab', { name }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('tab', { name: '回调配置' })).toBeNull()

    // The application comes from the enabled applications of the chosen type.
    await screen.findByRole('option', { name: '客户关系 (crm)' })
    expect(sent(bridge, 'platform.application.listAll')).toEqual({ appType: '0', status: '1' })
    await user.selectOptions(field('应用编码'), 'crm')
    await user.selectOptions(field('生产方式'), 'http')
    await paste(user, screen.getByLabelText('URL'), 'https://api.example.com/orders')
    await paste(user, screen.getByLabelText('第 1 行参数名'), 'page')
    await paste(user, screen.getByLabelText('第 2 行参数名'), 'debug')
    await user.click(screen.getByLabelText('启用第 2 行'))
    // Another mode shows its own form; coming back finds the request as it was.
    await user.selectOptions(field('生产方式'), 'dblink')
    expect(screen.queryByLabelText('URL')).toBeNull()
    expect(screen.getByLabelText('分页查询')).toBeTruthy()
    await user.selectOptions(field('生产方式'), 'http')
    expect((screen.getByLabelText('URL') as HTMLInputElement).value).toBe('https://api.example.com/orders')

    // A timetable needs weekdays, hours and minutes.
    await user.click(save())
    expect(await screen.findAllByText('必填字段')).toHaveLength(3)
    expect(sent(bridge, 'datahub.producer.create')).toBeUndefined()
    await user.click(screen.getByText('星期一'))
    await user.click(screen.getByText('08'))
    await user.click(screen.getByText('30'))
    await user.click(save())
    await waitFor(() => expect(sent(bridge, 'datahub.producer.create')).toBeTruthy())
    const input = sent(bridge, 'datahub.producer.create')!
    expect(input).toMatchObject({ appCode: 'crm', appName: '客户关系', productionMode: 'http', weeks: '1', amHours: '08', minutes: '30' })
    expect(input.httpRequestInfoModel).toMatchObject({
      requestType: 'GET',
      requestApi: 'https://api.example.com/orders',
      httpParamsModel: { url: 'https://api.example.com/orders', method: 'GET', params: [{ key: 'page', value: '', description: '', checked: true }] },
    })
    expect(input).not.toHaveProperty('dbLinkRequestInfoModel')
    // Saved: the other tabs open.
    await waitFor(() => expect((screen.getByRole('tab', { name: '预处理' }) as HTMLButtonElement).disabled).toBe(false))
  })

  it('existing mq producer on an ActiveMQ source: exchange and routing key cleared on save; a disabled processor saves no expression', async () => {
    const stored = {
      ...makeProducer({ status: '0', productionMode: 'mq' }),
      remark: '',
      alarm: '',
      preProcessorEnabled: '1',
      preProcessorType: 'JavaScript',
      preProcessorExpression: 'return data',
      mqRequestInfoModel: { dataSourceName: 'amq', queueName: 'orders.q', exchangeName: 'ex', routingKey: 'rk', properties: [] },
    }
    const bridge = installFakeBridge({
      hub: {
        'datahub.producer.get': ok(stored),
        'datahub.producer.update': (input) => ok({ ...stored, ...(input as object), version: 2 }),
        'datahub.datasource.listByApplicationCodeAndSourceType': ok([{ name: 'amq', dbType: 'activemq' }]),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<ProducerDialog topic={topic} producerId="p1" viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect((field('队列名称') as HTMLInputElement).value).toBe('orders.q'))
    await waitFor(() => expect(bridge.hubCalls().some((c) => c.endpoint === 'datahub.datasource.listByApplicationCodeAndSourceType' && (c.input as { sourceType: string }).sourceType === '4')).toBe(true))
    // ActiveMQ has no exchange: the fields go away once the source's kind is known.
    await waitFor(() => expect(screen.queryByLabelText(/^交换机名称/)).toBeNull())
    await user.click(screen.getByRole('tab', { name: '预处理' }))
    expect((screen.getByLabelText('前置处理 表达式') as HTMLTextAreaElement).value).toBe('return data')
    await user.click(screen.getAllByRole('radio', { name: '否' })[0]!)
    await user.click(save())
    await waitFor(() => expect(sent(bridge, 'datahub.producer.update')).toBeTruthy())
    const input = sent(bridge, 'datahub.producer.update')!
    expect(input.mqRequestInfoModel).toMatchObject({ queueName: 'orders.q', exchangeName: '', routingKey: '' })
    expect(input).toMatchObject({ preProcessorEnabled: '0', preProcessorExpression: '' })
  })

  it('existing webservice producer: the values its runs send are typed beside each parameter and saved with it', async () => {
    const stored = {
      ...makeProducer({ status: '0', productionMode: 'webservice', weeks: '1', amHours: '09', minutes: '00' }),
      remark: '',
      alarm: '',
      webServiceRequestInfoModel: {
        wsdlUrl: 'http://ws.example.com/orders?wsdl',
        methodName: 'ListOrders',
        namespace: 'urn:orders',
        serviceAddress: 'http://ws.example.com/orders',
        parameters: [{ name: 'since', type: 'dateTime', value: '2024-01-01T00:00:00Z' }, { name: 'status', type: 'string' }],
        headerParameters: [],
      },
    }
    const bridge = installFakeBridge({
      hub: {
        'datahub.producer.get': ok(stored),
        'datahub.producer.update': (input) => ok({ ...stored, ...(input as object), version: 2 }),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<ProducerDialog topic={topic} producerId="p1" viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'since 值' }) as HTMLInputElement).value).toBe('2024-01-01T00:00:00Z'))
    await paste(user, screen.getByRole('textbox', { name: 'status 值' }), 'open')
    await user.click(save())
    await waitFor(() => expect(sent(bridge, 'datahub.producer.update')).toBeTruthy())
    expect((sent(bridge, 'datahub.producer.update')!.webServiceRequestInfoModel as { parameters: unknown }).parameters).toEqual([
      { name: 'since', type: 'dateTime', value: '2024-01-01T00:00:00Z' },
      { name: 'status', type: 'string', value: 'open' },
    ])
  })

  it('http producer: the data strategy says how the answer becomes messages, in both languages', async () => {
    const stored = { ...makeProducer({ status: '1', productionMode: 'http' }), remark: '', alarm: '', httpRequestInfoModel: { requestApi: 'https://api.example.com/orders', requestType: 'GET', dataStrategy: 'up' } }
    installFakeBridge({ hub: { 'datahub.producer.get': ok(stored) } })
    renderWithProviders(<ProducerDialog topic={topic} producerId="p1" viewOnly onClose={() => {}} onSaved={() => {}} />)
    const perRecord = (await screen.findByRole('radio', { name: '每条记录一条消息' })) as HTMLInputElement
    expect(perRecord.checked).toBe(true)
    expect((screen.getByRole('radio', { name: '每页一条消息' }) as HTMLInputElement).checked).toBe(false)
    expect(screen.getByText(/每条记录一条消息：列表中的每条记录各自作为一条消息/)).toBeTruthy()
    expect(screen.queryByRole('radio', { name: '全量' })).toBeNull()
    await act(async () => {
      await i18n.changeLanguage('en')
    })
    expect(screen.getByRole('radio', { name: 'One message per page' })).toBeTruthy()
    expect((screen.getByRole('radio', { name: 'One message per record' }) as HTMLInputElement).checked).toBe(true)
  })

  it('http producer: the operator picks when paging stops; one saved before the choice shows automatic; both languages', async () => {
    const stored = {
      ...makeProducer({ status: '0', productionMode: 'http', weeks: '1', amHours: '09', minutes: '00' }),
      remark: '',
      alarm: '',
      httpRequestInfoModel: { requestApi: 'https://api.example.com/orders', requestType: 'GET', authenStatus: '0', dataStrategy: 'up', isPagination: '1', paginationParam: 'pageNum', paginationLevel: 'data' },
    }
    const bridge = installFakeBridge({
      hub: {
        'datahub.producer.get': ok(stored),
        'datahub.producer.update': (input) => ok({ ...stored, ...(input as object), version: 2 }),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<ProducerDialog topic={topic} producerId="p1" viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await user.click(await screen.findByRole('tab', { name: '分页设置' }))
    const stop = field('分页结束条件') as HTMLSelectElement
    expect(stop.value).toBe('auto')
    expect(screen.getByRole('option', { name: '自动（响应中的任一结束信号）' })).toBeTruthy()
    expect(screen.getByText(/空页或与上一页相同的页都会结束分页/)).toBeTruthy()
    await user.selectOptions(stop, '仅空页')
    await user.click(save())
    await waitFor(() => expect(sent(bridge, 'datahub.producer.update')).toBeTruthy())
    expect(sent(bridge, 'datahub.producer.update')!.httpRequestInfoModel).toMatchObject({ isPagination: '1', paginationParam: 'pageNum', paginationStop: 'empty' })
    await act(async () => {
      await i18n.changeLanguage('en')
    })
    expect((field('Pagination stops on') as HTMLSelectElement).value).toBe('empty')
    expect(screen.getByRole('option', { name: 'Automatic (any end signal of the response)' })).toBeTruthy()
  })

  it('dblink producer: the incremental sync\'s timestamp field starts from the chosen data source\'s own; a typed one is kept', async () => {
    const crm = { id: 'a1', code: 'crm', name: '客户关系', appType: '0', stakeholder: '', stakeholderPhone: '', stakeholderEmail: '', routePath: '', status: '1', updatedDate: '' }
    const source = (name: string, timestampField: string) => ({ id: name, version: 1, name, sourceType: '1', dbType: 'postgresql', applicationCode: 'crm', timestampField, status: '1' })
    installFakeBridge({
      hub: {
        'platform.application.listAll': (input) => ok((input as { appType?: string }).appType === '0' ? [crm] : []),
        'datahub.datasource.listByApplicationCodeAndSourceType': ok([source('orders_db', 'updated_at'), source('audit_db', 'logged_at')]),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<ProducerDialog topic={topic} viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await screen.findByRole('option', { name: '客户关系 (crm)' })
    await user.selectOptions(field('应用编码'), 'crm')
    await user.selectOptions(field('生产方式'), 'dblink')
    await screen.findByRole('option', { name: 'orders_db (postgresql)' })
    await user.selectOptions(field('数据源'), 'orders_db')
    await user.click(screen.getByRole('radio', { name: '增量' }))
    expect((field('时间戳字段') as HTMLInputElement).value).toBe('updated_at')
    // Another source does not overwrite a field already filled in.
    await user.selectOptions(field('数据源'), 'audit_db')
    expect((field('时间戳字段') as HTMLInputElement).value).toBe('updated_at')
  })

  it('view mode disables every input of every tab', async () => {
    const stored = { ...makeProducer({ status: '1', productionMode: 'http' }), remark: 'r', alarm: '', preProcessorEnabled: '1', preProcessorExpression: 'x' }
    installFakeBridge({ hub: { 'datahub.producer.get': ok(stored) } })
    const user = userEvent.setup()
    const onClose = vi.fn()
    renderWithProviders(<ProducerDialog topic={topic} producerId="p1" viewOnly onClose={onClose} onSaved={() => {}} />)
    await waitFor(() => expect((field('应用编码') as HTMLInputElement).value).toBe('erp'))
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull()
    const enabledInputs = () => Array.from(document.querySelectorAll('[role=tabpanel] input, [role=tabpanel] select, [role=tabpanel] textarea')).filter((e) => !(e as HTMLInputElement).disabled && !e.closest('fieldset:disabled'))
    expect(enabledInputs()).toEqual([])
    expect((screen.getByLabelText('URL') as HTMLInputElement).disabled).toBe(true)
    for (const name of ['回调配置', '属性配置', '预处理', '备注']) {
      await user.click(screen.getByRole('tab', { name }))
      expect(enabledInputs()).toEqual([])
    }
  })
})
