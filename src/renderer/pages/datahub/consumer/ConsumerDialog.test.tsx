// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
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

  it('webservice and http: the type\'s required settings block the save and show under their fields', async () => {
    const entry = (dictValue: string, label: string) => ({ dictType: 'pf_consumer_type', dictValue, dictLabelCn: label, dictLabelEn: label, status: '1', sort: 9 })
    referenceStore.set({ dictionaries: [...datahubDictionaries, entry('webservice', 'WebService接口')] })
    const bridge = installFakeBridge({ hub: { 'datahub.topic.detail': ok({ dhProducer: null }), 'platform.application.listAll': applications } })
    const user = userEvent.setup()
    renderWithProviders(<ConsumerDialog topic={topic} viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await pickWms(user)
    await user.selectOptions(field('消费方式'), 'webservice')
    expect(screen.getByRole('textbox', { name: 'WSDL地址' })).toBeTruthy()
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
    const source = screen.getByRole('textbox', { hidden: true, name: '第 1 行 数据字段' }) as HTMLInputElement
    expect(source.value).toBe('a')
    expect(source.disabled).toBe(true)
    expect((screen.getByRole('button', { hidden: true, name: '新增行' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
