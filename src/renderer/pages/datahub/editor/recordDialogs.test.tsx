// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { referenceStore } from '../../../state/reference'
import { datahubDictionaries, makeConsumer, makeProducer, makeTopic } from '../../../test/datahub'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { ConsumerDialog } from '../consumer/ConsumerDialog'
import { rowFromTopic } from '../flow/flowRow'
import { ProducerDialog } from '../producer/ProducerDialog'

configure({ asyncUtilTimeout: 4000 })
beforeEach(() => referenceStore.set({ dictionaries: datahubDictionaries }))
afterEach(resetState)

const topicOf = (extra = {}) => rowFromTopic(makeTopic(extra)).topic
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`))
const save = () => screen.getByRole('button', { name: '保存' })
const input = (bridge: ReturnType<typeof installFakeBridge>, endpoint: string) => bridge.hubCalls().find((c) => c.endpoint === endpoint)?.input as Record<string, unknown>

describe('consumer dialog', () => {
  it('broadcast topic: no routing key field, the routing key sent is the topic code; retriable 0 resets the count', async () => {
    const full = { ...makeConsumer({ retriable: '0', retryNum: '0' }), remark: '' }
    const bridge = installFakeBridge({ hub: { 'datahub.consumer.create': ok(full) } })
    const onSaved = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<ConsumerDialog topic={topicOf()} viewOnly={false} onClose={() => {}} onSaved={onSaved} />)
    expect(screen.queryByLabelText(/^路由键/)).toBeNull()
    // Other tabs wait for the consumer to exist; mapping is not offered before.
    expect((screen.getByRole('tab', { name: '备注' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('tab', { name: '字段映射' })).toBeNull()
    await user.type(field('应用编码'), 'wms')
    await user.selectOptions(field('消费方式'), 'dblink')
    await user.click(screen.getByRole('radio', { name: '是' }))
    await user.type(field('重试次数'), '3')
    await user.type(field('重试间隔'), '60')
    await user.click(screen.getByRole('radio', { name: '否' }))
    expect(screen.queryByLabelText(/^重试次数/)).toBeNull()
    await user.click(save())
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(input(bridge, 'datahub.consumer.create')).toMatchObject({ topicCode: 'orders', routingKey: 'orders', applicationCode: 'wms', dataConsumeType: 'dblink', retriable: '0', retryNum: '0' })
  })

  it('topic routing by key: the routing key is shown and required', async () => {
    const bridge = installFakeBridge()
    const user = userEvent.setup()
    renderWithProviders(<ConsumerDialog topic={topicOf({ distributeType: '2' })} viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await user.type(field('应用编码'), 'wms')
    await user.selectOptions(field('消费方式'), 'http')
    await user.click(save())
    expect(await screen.findByText('请输入路由键')).toBeTruthy()
    expect(bridge.hubCalls()).toEqual([])
  })

  it('an existing consumer: the mapping tab only for types that map, other tabs say they come later', async () => {
    installFakeBridge({ hub: { 'datahub.consumer.get': ok({ ...makeConsumer({ dataConsumeType: 'dblink' }), remark: 'r' }) } })
    const user = userEvent.setup()
    renderWithProviders(<ConsumerDialog topic={topicOf()} consumerId="c1" viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect((field('应用编码') as HTMLInputElement).value).toBe('wms'))
    await user.click(screen.getByRole('tab', { name: '字段映射' }))
    expect(screen.getByText('此页配置将在后续版本中提供。')).toBeTruthy()
    await user.click(screen.getByRole('tab', { name: '基础配置' }))
    await user.selectOptions(field('消费方式'), 'http')
    expect(screen.queryByRole('tab', { name: '字段映射' })).toBeNull()
  })
})

describe('producer dialog', () => {
  it('locks the production mode once the producer exists; no callback tab for dblink; update sends the edited fields', async () => {
    const stored = { ...makeProducer({ status: '0', productionMode: 'dblink' }), remark: '', alarm: '{"objData":[]}' }
    const bridge = installFakeBridge({ hub: { 'datahub.producer.get': ok(stored), 'datahub.producer.update': ok({ ...stored, version: 2, appCode: 'erp2' }) } })
    const user = userEvent.setup()
    renderWithProviders(<ProducerDialog topic={topicOf()} producerId="p1" viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect((field('应用编码') as HTMLInputElement).value).toBe('erp'))
    expect((field('生产方式') as HTMLSelectElement).disabled).toBe(true)
    expect(screen.queryByRole('tab', { name: '回调配置' })).toBeNull()
    await user.clear(field('应用编码'))
    await user.type(field('应用编码'), 'erp2')
    await user.click(save())
    await waitFor(() => expect(input(bridge, 'datahub.producer.update')).toBeTruthy())
    const sent = input(bridge, 'datahub.producer.update')
    expect(sent).toMatchObject({ id: 'p1', version: 1, appCode: 'erp2', productionMode: 'dblink' })
    // Fields of tabs not edited here are not sent (the hub keeps them).
    expect(sent).not.toHaveProperty('alarm')
  })

  it('serverApi: the application type radio is disabled; changing the type clears the code', async () => {
    installFakeBridge()
    const user = userEvent.setup()
    renderWithProviders(<ProducerDialog topic={topicOf()} viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await user.type(field('应用编码'), 'erp')
    await user.click(screen.getByRole('radio', { name: '外部应用' }))
    expect((field('应用编码') as HTMLInputElement).value).toBe('')
    await user.selectOptions(field('生产方式'), 'serverApi')
    expect((screen.getByRole('radio', { name: '内部应用' }) as HTMLInputElement).disabled).toBe(true)
  })
})
