// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { TryMessageDialog } from './TryMessageDialog'

afterEach(async () => {
  await resetState()
})

const dblinkProducer = (batchGetData: string) =>
  ok({ id: 'p1', productionMode: 'dblink', dbLinkRequestInfoModel: { tableName: '', columnModelList: [], querySql: 'select id, name from orders', batchGetData } })
const preview = ok({ columns: [{ name: 'id', type: 'int' }, { name: 'name', type: 'text' }], rows: [[1, 'Ann'], [2, 'Bo']], truncated: false })
const sampleBox = () => screen.getByRole('textbox', { hidden: true, name: /样例/ }) as HTMLTextAreaElement

it('takes a sample from the producer\'s SQL preview (stand-in hub): one row as the producer sends it, or the first rows when it batches', async () => {
  const bridge = installFakeBridge({ hub: { 'datahub.producer.get': dblinkProducer('0'), 'datahub.producer.previewSqlData': preview } })
  const user = userEvent.setup()
  renderWithProviders(<TryMessageDialog topicCode="orders" name="Orders" producerId="p1" onClose={() => {}} />)
  await user.click(await screen.findByRole('button', { hidden: true, name: '从生产者的 SQL 预览' }))
  await waitFor(() => expect(JSON.parse(sampleBox().value)).toEqual({ id: 1, name: 'Ann' }))
  expect(bridge.hubCalls().find((c) => c.endpoint === 'datahub.producer.previewSqlData')?.input).toEqual({ producerId: 'p1', querySql: 'select id, name from orders', dataNum: 1 })
})

it('a batching producer\'s sample is an array of its first rows', async () => {
  installFakeBridge({ hub: { 'datahub.producer.get': dblinkProducer('1'), 'datahub.producer.previewSqlData': preview } })
  const user = userEvent.setup()
  renderWithProviders(<TryMessageDialog topicCode="orders" name="Orders" producerId="p1" onClose={() => {}} />)
  await user.click(await screen.findByRole('button', { hidden: true, name: '从生产者的 SQL 预览' }))
  await waitFor(() => expect(JSON.parse(sampleBox().value)).toEqual([{ id: 1, name: 'Ann' }, { id: 2, name: 'Bo' }]))
})

it('offers no preview without a producer', async () => {
  installFakeBridge({ hub: {} })
  renderWithProviders(<TryMessageDialog topicCode="orders" name="Orders" onClose={() => {}} />)
  await screen.findByRole('button', { hidden: true, name: '最近接收的消息' })
  expect(screen.queryByRole('button', { hidden: true, name: '从生产者的 SQL 预览' })).toBeNull()
})
