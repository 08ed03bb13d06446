// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { referenceStore } from '../../../state/reference'
import { datahubDictionaries, makeApplication, makeConsumer, makeTopic, stubViewport } from '../../../test/datahub'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { rowFromTopic } from '../flow/flowRow'
import { ConsumerDialog } from './ConsumerDialog'

let restoreViewport: () => void
beforeEach(() => {
  referenceStore.set({ dictionaries: datahubDictionaries })
  restoreViewport = stubViewport(800)
})
afterEach(async () => {
  restoreViewport()
  await resetState()
})

const topic = rowFromTopic(makeTopic()).topic
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`))
const sources = ok([{ name: 'db1', dbType: 'mysql' }])
const applications = ok([makeApplication('wms')])
async function pickWms(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'wms (wms)' })
  await user.selectOptions(field('应用编码'), 'wms')
}

describe('consumer editor: consume-type settings', () => {
  it('dblink: data source and target table required, the db result notification forced on and saved as JSON text', async () => {
    const bridge = installFakeBridge({
      hub: {
        'datahub.datasource.listByApplicationCodeAndSourceType': sources,
        'datahub.consumer.create': (i) => ok({ ...makeConsumer(), ...(i as object), id: 'c9', version: 1 }),
        'datahub.topic.detail': ok({ dhProducer: null }),
        'platform.application.listAll': applications,
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<ConsumerDialog topic={topic} viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await pickWms(user)
    await user.selectOptions(field('消费方式'), 'dblink')
    const dbNotify = screen.getByRole('checkbox', { name: /数据库通知/ }) as HTMLInputElement
    expect(dbNotify.checked).toBe(true)
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(screen.getAllByText('必填字段').length).toBeGreaterThanOrEqual(3))
    expect(bridge.hubCalls().some((c) => c.endpoint === 'datahub.consumer.create')).toBe(false)

    await waitFor(() => expect(screen.getAllByRole('option', { name: 'db1 (mysql)' }).length).toBe(2))
    await user.selectOptions(screen.getByRole('combobox', { name: '数据源' }), 'db1')
    await user.type(field('目标表名'), 'orders_copy')
    await user.selectOptions(screen.getByRole('combobox', { name: '通知数据源' }), 'db1')
    expect((field('通知表名') as HTMLInputElement).value).toBe('dh_task_result_notify')
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(bridge.hubCalls().some((c) => c.endpoint === 'datahub.consumer.create')).toBe(true))
    const sent = bridge.hubCalls().find((c) => c.endpoint === 'datahub.consumer.create')!.input as Record<string, unknown>
    expect(sent).toMatchObject({ dataConsumeType: 'dblink', datasourceName: 'db1', dbLinkRequestInfoModel: { targetTableName: 'orders_copy', isUpdateRecord: '0' } })
    expect(JSON.parse(sent.notifyInfo as string)[0]).toEqual({ type: 'db', status: '1', receiver: { datasourceName: 'db1', tableName: 'dh_task_result_notify' } })
    // Now it exists: the mapping tab is offered.
    expect(await screen.findByRole('tab', { name: '字段映射' })).toBeTruthy()
  })

  it('dblink under a full-sync producer: warns while it only inserts, not once it updates existing records', async () => {
    const fullSync = { id: 'p1', productionMode: 'dblink', dbLinkRequestInfoModel: { dataSourceName: 'db1', dataSynch: 'all' } }
    installFakeBridge({
      hub: {
        'datahub.datasource.listByApplicationCodeAndSourceType': sources,
        'datahub.producer.get': ok(fullSync),
        'platform.application.listAll': applications,
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<ConsumerDialog topic={topic} producerId="p1" viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await pickWms(user)
    await user.selectOptions(field('消费方式'), 'dblink')
    expect(await screen.findByText(/每次运行都会全量重新发送所有行/)).toBeTruthy()
    const update = screen.getByRole('radiogroup', { name: /^更新已有记录/ })
    await user.click(within(update).getByRole('radio', { name: '是' }))
    await waitFor(() => expect(screen.queryByText(/每次运行都会全量重新发送所有行/)).toBeNull())
  })

  it('webservice and http: the type\'s required settings block the save and show under their fields', async () => {
    const entry = (dictValue: string, label: string) => ({ dictType: 'pf_consumer_type', dictValue, dictLabelCn: label, dictLabelEn: label, status: '1', sort: 9 })
    referenceStore.set({ dictionaries: [...datahubDictionaries, entry('webservice', 'WebService 接口')] })
    const bridge = installFakeBridge({ hub: { 'datahub.topic.detail': ok({ dhProducer: null }), 'platform.application.listAll': applications } })
    const user = userEvent.setup()
    renderWithProviders(<ConsumerDialog topic={topic} viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await pickWms(user)
    await user.selectOptions(field('消费方式'), 'webservice')
    expect(screen.getByRole('textbox', { name: 'WSDL 地址' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '保存' }))
    // WSDL address, operation and service address (the callback strategy defaults to '1').
    await waitFor(() => expect(screen.getAllByText('必填字段')).toHaveLength(3))
    // http: the authentication method only when authentication is on, and then required.
    await user.selectOptions(field('消费方式'), 'http')
    expect(screen.queryByLabelText(/^认证方式/)).toBeNull()
    await user.type(field('请求地址'), 'https://wms.example.com/in')
    await user.click(screen.getAllByRole('radio', { name: '是' })[0]!)
    expect(field('认证方式')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(screen.getAllByText('必填字段')).toHaveLength(1))
    expect(bridge.hubCalls().some((c) => c.endpoint === 'datahub.consumer.create')).toBe(false)
  })

  it('http: passing the message properties as headers is off for a new consumer, and saved as \'1\' once switched on', async () => {
    const bridge = installFakeBridge({
      hub: {
        'datahub.consumer.create': (i) => ok({ ...makeConsumer(), ...(i as object), id: 'c9', version: 1 }),
        'datahub.topic.detail': ok({ dhProducer: null }),
        'platform.application.listAll': applications,
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<ConsumerDialog topic={topic} viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await pickWms(user)
    await user.selectOptions(field('消费方式'), 'http')
    await user.type(field('请求地址'), 'https://wms.example.com/in')
    const pass = screen.getByRole('radiogroup', { name: /以请求头传递消息属性/ })
    expect((screen.getAllByRole('radio', { name: '否' }).find((r) => pass.contains(r)) as HTMLInputElement).checked).toBe(true)
    expect(screen.getByText(/X-Message-Id、X-Correlation-Id/)).toBeTruthy()
    await user.click(screen.getAllByRole('radio', { name: '是' }).find((r) => pass.contains(r))!)
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(bridge.hubCalls().some((c) => c.endpoint === 'datahub.consumer.create')).toBe(true))
    const sent = bridge.hubCalls().find((c) => c.endpoint === 'datahub.consumer.create')!.input as Record<string, unknown>
    expect(sent).toMatchObject({ dataConsumeType: 'http', httpRequestInfoModel: { requestUri: 'https://wms.example.com/in', authenStatus: '0', passMessageProperties: '1' } })
  })

  it('view mode: everything read-only, no Save; the mapping table shows the stored rows disabled', async () => {
    const stored = {
      ...makeConsumer({ dataConsumeType: 'dblink' }),
      datasourceName: 'db1',
      dbLinkRequestInfoModel: { targetTableName: 'orders', isUpdateRecord: '0', properties: [] },
      fieldMappings: '[{"sourceFieldName":"a","targetFieldName":"A"}]',
    }
    installFakeBridge({ hub: { 'datahub.consumer.get': ok(stored), 'datahub.datasource.listByApplicationCodeAndSourceType': sources, 'datahub.topic.detail': ok({ dhProducer: null }) } })
    const user = userEvent.setup()
    renderWithProviders(<ConsumerDialog topic={topic} consumerId="c1" viewOnly onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect((field('目标表名') as HTMLInputElement).value).toBe('orders'))
    expect((field('目标表名') as HTMLInputElement).disabled).toBe(true)
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull()
    await user.click(screen.getByRole('tab', { name: '字段映射' }))
    const source = screen.getByRole('textbox', { hidden: true, name: '第 1 行 源字段' }) as HTMLInputElement
    expect(source.value).toBe('a')
    expect(source.disabled).toBe(true)
    expect((screen.getByRole('button', { hidden: true, name: '新增行' }) as HTMLButtonElement).disabled).toBe(true)
  })
})

const excelType = { dictType: 'pf_consumer_type', dictValue: 'excel', dictLabelCn: 'Excel文件', dictLabelEn: 'Excel', status: '1', sort: 9 }
const locations = ok([{ name: 'share', dbType: 'folder' }])

describe('consumer editor: an excel consumer\'s destination', () => {
  beforeEach(() => referenceStore.set({ dictionaries: [...datahubDictionaries, excelType] }))

  it('offers sub-folder, prefix and a workbook per message (the default) or per day, and saves them in excelModels[0]', async () => {
    const bridge = installFakeBridge({
      hub: {
        'datahub.datasource.listByApplicationCodeAndSourceType': locations,
        'datahub.consumer.create': (i) => ok({ ...makeConsumer(), ...(i as object), id: 'c9', version: 1 }),
        'datahub.topic.detail': ok({ dhProducer: null }),
        'platform.application.listAll': ok([makeApplication('wms')]),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<ConsumerDialog topic={topic} viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await screen.findByRole('option', { name: 'wms (wms)' })
    await user.selectOptions(field('应用编码'), 'wms')
    await user.selectOptions(field('消费方式'), 'excel')
    const per = screen.getByRole('combobox', { name: '工作簿生成方式' }) as HTMLSelectElement
    expect(per.value).toBe('message')
    expect(Array.from(per.options, (o) => o.text)).toEqual(['每条消息一个', '每天一个（追加写入）'])
    expect(screen.getByText('文件位置基础目录下的子目录；留空即基础目录')).toBeTruthy()
    // The sub-folder and the prefix are optional: the base folder, no prefix.
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(screen.getAllByText('必填字段')).toHaveLength(5))

    await waitFor(() => expect(screen.getAllByRole('option', { name: 'share (folder)' }).length).toBeGreaterThan(0))
    await user.selectOptions(screen.getByRole('combobox', { name: '数据源' }), 'share')
    await user.type(field('工作表名称'), 'Orders')
    await user.type(field('模型编码单元格'), 'A1')
    await user.type(field('表头行号'), '2')
    await user.type(field('数据起始行号'), '3')
    await user.type(field('文件目录'), 'out/daily')
    await user.type(field('文件名前缀'), 'wms_')
    await user.selectOptions(per, 'day')
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(bridge.hubCalls().some((c) => c.endpoint === 'datahub.consumer.create')).toBe(true))
    const sent = bridge.hubCalls().find((c) => c.endpoint === 'datahub.consumer.create')!.input as Record<string, unknown>
    expect(sent).toMatchObject({
      dataConsumeType: 'excel',
      datasourceName: 'share',
      excelModels: [{ sheetName: 'Orders', modelCodeCellIndex: 'A1', headerRowNum: '2', valueStartRowNum: '3', fileDir: 'out/daily', fileNamePrefix: 'wms_', filePer: 'day' }],
    })
  })

  it('a stored excel consumer from before these settings shows a workbook per message, as the hub writes it', async () => {
    const stored = {
      ...makeConsumer({ dataConsumeType: 'excel' }),
      datasourceName: 'share',
      excelModels: [{ sheetName: 'Orders', modelCodeCellIndex: 'A1', headerRowNum: '1', valueStartRowNum: '2', properties: [] }],
    }
    installFakeBridge({ hub: { 'datahub.consumer.get': ok(stored), 'datahub.datasource.listByApplicationCodeAndSourceType': locations, 'datahub.topic.detail': ok({ dhProducer: null }) } })
    renderWithProviders(<ConsumerDialog topic={topic} consumerId="c1" viewOnly onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect((field('工作表名称') as HTMLInputElement).value).toBe('Orders'))
    const per = screen.getByRole('combobox', { name: '工作簿生成方式' }) as HTMLSelectElement
    expect(per.value).toBe('message')
    expect(per.disabled).toBe(true)
    expect((field('文件目录') as HTMLInputElement).value).toBe('')
  })
})
