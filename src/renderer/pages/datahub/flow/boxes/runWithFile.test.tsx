// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { TopicFlow } from '../../../../../shared/contract/datahub/topic'
import type { HubResult } from '../../../../../shared/envelope'
import { onSignal, type ToastSignal } from '../../../../api/signals'
import { referenceStore } from '../../../../state/reference'
import { datahubDictionaries, makeProducer, makeTopic } from '../../../../test/datahub'
import { fail, installFakeBridge, ok } from '../../../../test/fakeBridge'
import { renderWithProviders } from '../../../../test/render'
import { resetState } from '../../../../test/resetState'
import { settle } from '../../../../test/settle'
import { rowFromTopic } from '../flowRow'
import { ProducerBox } from './ProducerBox'

let toasts: ToastSignal[] = []
let stop = () => {}
beforeEach(() => {
  referenceStore.set({ dictionaries: datahubDictionaries })
  toasts = []
  stop = onSignal('toast', (t) => toasts.push(t))
})
afterEach(async () => {
  stop()
  await resetState()
})

const excelTopic = (producer: Parameters<typeof makeProducer>[0] = {}, topic: Partial<TopicFlow> = {}) =>
  makeTopic({ dhProducer: makeProducer({ id: 'p-excel', productionMode: 'excel', ...producer }), ...topic })
const renderBox = (topic: TopicFlow) => renderWithProviders(<ProducerBox row={rowFromTopic(topic)} detail={false} />)
const box = () => screen.getByRole('group', { name: '生产者 ERP' })
// Named with the box's object after the action (issue 44): matched by how the name starts.
const runButton = (name: string | RegExp = '用此文件运行…') => within(box()).getByRole('button', { name: typeof name === 'string' ? (n) => n.startsWith(name) : name }) as HTMLButtonElement

/** An answer the test hands over when it chooses: the time the main process takes with the dialog and the upload. */
function later<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('"run with this file" on an excel producer\'s flow box', () => {
  it('is offered on excel producers only, and only while the producer and its topic are enabled', () => {
    installFakeBridge()
    const { unmount } = renderBox(makeTopic({ dhProducer: makeProducer({ productionMode: 'http' }) }))
    expect(within(box()).queryByRole('button', { name: /用此文件运行/ })).toBeNull()
    unmount()

    const stopped = renderBox(excelTopic({ status: '0' }))
    expect(runButton('用此文件运行：请先启用生产者和消息主题').disabled).toBe(true)
    stopped.unmount()
    const topicOff = renderBox(excelTopic({}, { status: '0' }))
    expect(runButton('用此文件运行：请先启用生产者和消息主题').disabled).toBe(true)
    topicOff.unmount()

    renderBox(excelTopic())
    expect(runButton().disabled).toBe(false)
  })

  it('asks the main process for the file, spins while it travels, then says the run started', async () => {
    const answer = later<HubResult<unknown>>()
    const bridge = installFakeBridge({ channels: { 'producer.runWithFile': () => answer.promise } })
    const user = userEvent.setup()
    renderBox(excelTopic())
    await user.click(runButton())

    expect(bridge.calls.filter((c) => c.channel === 'producer.runWithFile').map((c) => c.payload)).toEqual([{ producerId: 'p-excel' }])
    // While the dialog is open and the workbook travels: no second run can be asked for.
    expect(runButton('正在发送工作簿…').disabled).toBe(true)
    expect(toasts).toEqual([])

    answer.resolve(ok({ id: 'run-1', producerId: 'p-excel', trigger: 'manual', state: 'running' }))
    await waitFor(() => expect(toasts).toEqual([{ intent: 'success', message: '运行已开始：工作簿已放入生产者的收件箱，正在读取' }]))
    expect(runButton().disabled).toBe(false)
  })

  it('shows the refusal as it came, and nothing when the dialog was closed', async () => {
    const answers: HubResult<unknown>[] = [fail('4001', '不是有效的 Excel 文件'), fail('5040', '')]
    installFakeBridge({ channels: { 'producer.runWithFile': () => answers.shift() } })
    const user = userEvent.setup()
    renderBox(excelTopic())

    await user.click(runButton())
    await waitFor(() => expect(toasts).toEqual([{ intent: 'error', message: '不是有效的 Excel 文件' }]))
    await user.click(runButton())
    await settle()
    expect(answers).toEqual([])
    expect(toasts).toHaveLength(1)
    expect(runButton().disabled).toBe(false)
  })
})
