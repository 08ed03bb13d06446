// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { referenceStore } from '../../../state/reference'
import { datahubDictionaries, makeApplication as application, makeConsumer, makeProducer, makeTopic, stubViewport } from '../../../test/datahub'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { ConsumerDialog } from '../consumer/ConsumerDialog'
import { rowFromTopic } from '../flow/flowRow'
import { ProducerDialog } from '../producer/ProducerDialog'

beforeEach(() => referenceStore.set({ dictionaries: datahubDictionaries }))
afterEach(resetState)

const topicOf = (extra = {}) => rowFromTopic(makeTopic(extra)).topic
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`))
const save = () => screen.getByRole('button', { name: '保存' })
const input = (bridge: ReturnType<typeof installFakeBridge>, endpoint: string) => bridge.hubCalls().find((c) => c.endpoint === endpoint)?.input as Record<string, unknown>

describe('consumer dialog', () => {
  it('broadcast topic: no routing key field, the routing key sent is the topic code; retriable 0 resets the count', async () => {
    const full = { ...makeConsumer({ retriable: '0', retryNum: '0' }), remark: '' }
    const bridge = installFakeBridge({ hub: { 'datahub.consumer.create': ok(full), 'platform.application.listAll': ok([application('wms')]) } })
    const onSaved = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<ConsumerDialog topic={topicOf()} viewOnly={false} onClose={() => {}} onSaved={onSaved} />)
    expect(screen.queryByLabelText(/^路由键/)).toBeNull()
    // Other tabs wait for the consumer to exist; mapping is not offered before.
    expect((screen.getByRole('tab', { name: '备注' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('tab', { name: '字段映射' })).toBeNull()
    await screen.findByRole('option', { name: 'wms (wms)' })
    await user.selectOptions(field('应用编码'), 'wms')
    await user.selectOptions(field('消费方式'), 'http')
    // The http consumer's own settings: a URI that is neither a URL nor a '/' path is refused.
    await user.type(field('请求地址'), 'orders/in')
    await user.click(field('应用编码'))
    expect(await screen.findByText('字段值不符合要求')).toBeTruthy()
    await user.clear(field('请求地址'))
    await user.type(field('请求地址'), '/orders/in')
    const retry = within(screen.getByRole('radiogroup', { name: /^失败重试/ }))
    await user.click(retry.getByRole('radio', { name: '是' }))
    await user.type(field('重试次数'), '3')
    await user.type(field('重试间隔'), '60')
    await user.click(retry.getByRole('radio', { name: '否' }))
    expect(screen.queryByLabelText(/^重试次数/)).toBeNull()
    await user.click(save())
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(input(bridge, 'datahub.consumer.create')).toMatchObject({
      topicCode: 'orders',
      routingKey: 'orders',
      applicationCode: 'wms',
      dataConsumeType: 'http',
      retriable: '0',
      retryNum: '0',
      httpRequestInfoModel: { requestMethod: 'POST', requestUri: '/orders/in', authenStatus: '0' },
      dbLinkRequestInfoModel: null,
    })
  })

  it('topic routing by key: the routing key is shown and required', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.application.listAll': ok([application('wms')]) } })
    const user = userEvent.setup()
    renderWithProviders(<ConsumerDialog topic={topicOf({ distributeType: '2' })} viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await screen.findByRole('option', { name: 'wms (wms)' })
    await user.selectOptions(field('应用编码'), 'wms')
    await user.selectOptions(field('消费方式'), 'http')
    await user.click(save())
    expect(await screen.findByText('请输入路由键')).toBeTruthy()
    expect(bridge.hubCalls().map((c) => c.endpoint)).not.toContain('datahub.consumer.create')
  })

  it('an existing consumer: the mapping tab only for types that map; its table is saved as fieldMappings text', async () => {
    const stored = {
      ...makeConsumer({ dataConsumeType: 'dblink' }),
      remark: 'r',
      datasourceName: 'db1',
      dbLinkRequestInfoModel: { targetTableName: 'orders', isUpdateRecord: '0', properties: [] },
      fieldMappings: '[{"sourceFieldName":"a","targetFieldName":"A"}]',
    }
    const bridge = installFakeBridge({
      hub: {
        'datahub.consumer.get': ok(stored),
        'datahub.topic.detail': ok({ dhProducer: null }),
        'datahub.consumer.update': (i) => ok({ ...stored, ...(i as object), version: 2 }),
      },
    })
    const user = userEvent.setup()
    // The mapping table is virtualised: it needs a viewport to fill (jsdom lays nothing out).
    const restoreViewport = stubViewport(800)
    onTestFinished(restoreViewport)
    renderWithProviders(<ConsumerDialog topic={topicOf()} consumerId="c1" viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect((field('应用编码') as HTMLInputElement).value).toBe('wms'))
    await user.click(screen.getByRole('tab', { name: '字段映射' }))
    const source = (n: number) => screen.getByRole('textbox', { hidden: true, name: `第 ${n} 行 源字段` }) as HTMLInputElement
    expect(source(1).value).toBe('a')
    await user.click(screen.getByRole('button', { name: '新增行' }))
    await user.type(source(2), 'b')
    // An empty target cell: nothing is sent, the message shows under the cell.
    await user.click(save())
    expect(await screen.findByText('必填字段')).toBeTruthy()
    expect(input(bridge, 'datahub.consumer.update')).toBeUndefined()
    await user.type(screen.getByRole('textbox', { hidden: true, name: '第 2 行 目标字段' }), ' B ')
    await user.click(save())
    await waitFor(() => expect(input(bridge, 'datahub.consumer.update')).toBeTruthy())
    expect(input(bridge, 'datahub.consumer.update').fieldMappings).toBe('[{"sourceFieldName":"a","targetFieldName":"A"},{"sourceFieldName":"b","targetFieldName":"B"}]')
    // The table survives a trip to another tab; types that do not map have no mapping tab.
    await user.click(screen.getByRole('tab', { name: '基础配置' }))
    await user.click(screen.getByRole('tab', { name: '字段映射' }))
    expect(source(2).value).toBe('b')
    await user.click(screen.getByRole('tab', { name: '基础配置' }))
    await user.selectOptions(field('消费方式'), 'http')
    expect(screen.queryByRole('tab', { name: '字段映射' })).toBeNull()
  })
})

describe('producer dialog', () => {
  it('locks the production mode once the producer exists; no callback tab for dblink; one retry question; update sends the edited fields', async () => {
    const dbLinkRequestInfoModel = { dataSourceName: 'db1', dataGetMethod: '2', queryType: 'pageList', querySql: 'select * from orders', dataSynch: 'all', batchGetData: '0', failRetry: '0' }
    const schedule = { weeks: '1,3', amHours: '08', minutes: '00' }
    const retry = { retriable: '1' as const, retryNum: '3', retryTimeInterval: '10' }
    const stored = { ...makeProducer({ status: '0', productionMode: 'dblink', ...schedule, ...retry }), remark: '', alarm: '{"objData":[]}', dbLinkRequestInfoModel }
    const bridge = installFakeBridge({
      hub: { 'datahub.producer.get': ok(stored), 'datahub.producer.update': ok({ ...stored, version: 2, appCode: 'erp2' }), 'platform.application.listAll': ok([application('erp'), application('erp2')]) },
    })
    const user = userEvent.setup()
    renderWithProviders(<ProducerDialog topic={topicOf()} producerId="p1" viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect((field('应用编码') as HTMLInputElement).value).toBe('erp'))
    expect((field('生产方式') as HTMLSelectElement).disabled).toBe(true)
    expect(screen.queryByRole('tab', { name: '回调配置' })).toBeNull()
    // The dblink model's retry flags are not asked a second time: they follow "retry on failure".
    expect(screen.getAllByRole('radiogroup', { name: /^失败重试/ })).toHaveLength(1)
    await screen.findByRole('option', { name: 'erp2 (erp2)' })
    await user.selectOptions(field('应用编码'), 'erp2')
    await user.click(save())
    await waitFor(() => expect(input(bridge, 'datahub.producer.update')).toBeTruthy())
    const sent = input(bridge, 'datahub.producer.update')
    expect(sent).toMatchObject({ id: 'p1', version: 1, appCode: 'erp2', productionMode: 'dblink', ...schedule, ...retry, dbLinkRequestInfoModel: { ...dbLinkRequestInfoModel, failRetry: '1', batchFailRetry: '1' } })
    // Only the active mode's sub-model is sent, never the console's own data-source kind.
    expect(sent).not.toHaveProperty('httpRequestInfoModel')
    expect(sent).not.toHaveProperty('sourceKind')
    // The full producer form (mode sub-form, schedule, alarms) is slow to type into under jsdom.
  })

  it('serverApi: the application type radio is disabled; changing the type clears the code', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.application.listAll': (q) => ok((q as { appType: string }).appType === '0' ? [application('erp')] : [application('crm', '1')]) } })
    const user = userEvent.setup()
    renderWithProviders(<ProducerDialog topic={topicOf()} viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await screen.findByRole('option', { name: 'erp (erp)' })
    await user.selectOptions(field('应用编码'), 'erp')
    await user.click(screen.getByRole('radio', { name: '外部应用' }))
    // Spec §4: another application type clears the code and reloads the applications.
    expect((field('应用编码') as HTMLSelectElement).value).toBe('')
    expect(await screen.findByRole('option', { name: 'crm (crm)' })).toBeTruthy()
    expect(screen.queryByRole('option', { name: 'erp (erp)' })).toBeNull()
    expect(bridge.hubCalls().filter((c) => c.endpoint === 'platform.application.listAll').map((c) => c.input)).toEqual([{ appType: '0', status: '1' }, { appType: '1', status: '1' }])
    await user.selectOptions(field('生产方式'), 'serverApi')
    expect((screen.getByRole('radio', { name: '内部应用' }) as HTMLInputElement).disabled).toBe(true)
  })
})
