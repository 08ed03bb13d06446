// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { referenceStore } from '../../../state/reference'
import { datahubDictionaries, makeConsumer, makeProducer, makeRun, makeTopic, pinTimeZone, stubViewport } from '../../../test/datahub'
import { installFakeBridge, ok, type FakeHubHandler } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import type { ProducerScheduleState, Run } from '../../../../shared/contract/datahub/schedule'
import type { TopicFlow } from '../../../../shared/contract/datahub/topic'
import TopicListPage from '../topic/TopicListPage'

let restore: (() => void)[] = []
beforeEach(() => {
  restore = [stubViewport(), pinTimeZone('Asia/Shanghai')]
  referenceStore.set({ dictionaries: datahubDictionaries })
})
afterEach(async () => {
  for (const undo of restore) undo()
  await resetState()
})

const NEXT_FIRE = '2026-11-27T01:30:00.000Z'
/** The hub's answer for the topics asked: each listed producer's last run and next fire. */
const schedulesOf = (states: Record<string, Omit<ProducerScheduleState, 'topicCode' | 'timeZone'>>) => (input: unknown) => {
  const codes = String((input as { topicCodes: string }).topicCodes).split(',')
  return ok({ producers: codes.filter((c) => states[c]).map((topicCode) => ({ ...states[topicCode]!, topicCode, timeZone: 'Asia/Shanghai' })) })
}
const lastRunOf = ({ id, state, plannedAt, finishedAt, messagesAccepted }: Run) => ({ id, state, plannedAt, finishedAt, messagesAccepted })

function renderPage(topics: TopicFlow | TopicFlow[], hub: Record<string, FakeHubHandler> = {}) {
  const content = Array.isArray(topics) ? topics : [topics]
  const bridge = installFakeBridge({
    hub: {
      'datahub.topic.list': ok({ content, totalElements: content.length }),
      'datahub.topic.listTags': ok([]),
      'datahub.producer.schedules': schedulesOf({ orders: { producerId: 'p1', lastRun: null, nextFireAt: NEXT_FIRE } }),
      ...hub,
    },
  })
  renderWithProviders(<TopicListPage />)
  return bridge
}
const box = (name: string) => screen.findByRole('group', { name })
/** The schedule line of the producer box, asked anew each time (xyflow may mount the box again). */
const scheduleLine = async () => within(await box('生产者 ERP')).getByRole('group', { name: (n) => !n.startsWith('投递统计') }).getAttribute('aria-label')
const calls = (bridge: ReturnType<typeof installFakeBridge>, endpoint: string) => bridge.hubCalls().filter((c) => c.endpoint === endpoint)
const confirmDialog = () =>
  waitFor(() => {
    const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]')
    if (!dialog) throw new Error('no confirmation dialog')
    return dialog
  })

describe('flow row: a scheduled producer', () => {
  it('shows its last run and next fire, runs now, and opens its run history', async () => {
    let runs = [makeRun({ state: 'failed', messagesAccepted: 3 })]
    const bridge = renderPage(makeTopic(), {
      'datahub.producer.schedules': (input) => schedulesOf({ orders: { producerId: 'p1', lastRun: lastRunOf(runs[0]!), nextFireAt: NEXT_FIRE } })(input),
      'datahub.producer.runs': () => ok({ content: runs, totalElements: runs.length }),
      'datahub.producer.runNow': () => {
        runs = [makeRun({ id: 'r2', trigger: 'manual', state: 'running', messagesAccepted: 0, finishedAt: null, durationMs: null }), ...runs]
        return ok(runs[0])
      },
    })
    const user = userEvent.setup()
    await waitFor(async () => expect(await scheduleLine()).toBe('上次运行：失败 · 接收 3 · 下次触发：2026年11月27日周五 09:30'))
    // The hub's answer for the row's topic, nothing asked per producer: the next fire is the scheduler's, not a preview.
    expect(calls(bridge, 'datahub.producer.schedules').map((c) => c.input)).toEqual([{ topicCodes: 'orders' }])
    expect([...calls(bridge, 'datahub.producer.runs'), ...calls(bridge, 'datahub.producer.schedulePreview')]).toEqual([])

    await user.click(within(await box('生产者 ERP')).getByRole('button', { name: /^立即运行/ }))
    // The run now asks the schedules again (it invalidates them): the box says the run is going.
    await waitFor(async () => expect(await scheduleLine()).toMatch(/^上次运行：运行中 · 接收 0/))
    expect(calls(bridge, 'datahub.producer.runNow')[0]!.input).toEqual({ id: 'p1' })
    expect(calls(bridge, 'datahub.producer.schedules')).toHaveLength(2)

    await user.click(within(await box('生产者 ERP')).getByRole('button', { name: /^运行记录/ }))
    // Found by its role attribute, as role queries over the whole page are slow (flowActions.test.tsx).
    const dialog = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[role="dialog"]')
      if (!found) throw new Error('no runs dialog')
      return found
    })
    expect(dialog.textContent).toContain('运行记录：ERP')
    await waitFor(() => expect(dialog.querySelectorAll('table[aria-label="运行记录"] tbody tr')).toHaveLength(2))
  })

  it('a stopped producer neither fires nor runs now; disabling a running one says what happens to its run', async () => {
    renderPage(makeTopic({ dhProducer: makeProducer({ status: '0' }) }), { 'datahub.producer.schedules': schedulesOf({ orders: { producerId: 'p1', lastRun: null, nextFireAt: null } }) })
    await waitFor(async () => expect(await scheduleLine()).toBe('尚未运行 · 未启用，不会触发'))
    expect((within(await box('生产者 ERP')).getByRole('button', { name: /^立即运行/ }) as HTMLButtonElement).disabled).toBe(true)
    await resetState()

    const bridge = renderPage(makeTopic(), { 'datahub.producer.schedules': schedulesOf({ orders: { producerId: 'p1', lastRun: lastRunOf(makeRun({ state: 'running' })), nextFireAt: NEXT_FIRE } }) })
    const user = userEvent.setup()
    await user.click(within(await box('生产者 ERP')).getByRole('button', { name: /^停用/ }))
    expect((await confirmDialog()).textContent).toContain('确定停用生产者“ERP”吗？ 正在进行的运行会在当前批次完成后停止，已保存的数据会保留。')
    await user.click(within(await confirmDialog()).getByRole('button', { name: '取消', hidden: true }))
    await user.click(within(await box('消息主题 订单主题')).getByRole('button', { name: /^停用/ }))
    await waitFor(async () => expect((await confirmDialog()).textContent).toContain('确定停用消息主题“订单主题”吗？ 正在进行的运行会在当前批次完成后停止'))
    expect(calls(bridge, 'datahub.producer.disableOrEnable')).toEqual([])
  })

  it('enabling the producer on the row asks the hub again: its next fire shows', async () => {
    let enabled = false
    const bridge = renderPage(makeTopic({ dhProducer: makeProducer({ status: '0' }) }), {
      'datahub.producer.schedules': (input) => schedulesOf({ orders: { producerId: 'p1', lastRun: null, nextFireAt: enabled ? NEXT_FIRE : null } })(input),
      'datahub.producer.disableOrEnable': () => {
        enabled = true
        return ok(makeProducer({ status: '1', version: 2 }))
      },
    })
    const user = userEvent.setup()
    await waitFor(async () => expect(await scheduleLine()).toBe('尚未运行 · 未启用，不会触发'))
    await user.click(within(await box('生产者 ERP')).getByRole('button', { name: /^启用/ }))
    await user.click(within(await confirmDialog()).getByRole('button', { name: '确定', hidden: true }))
    await waitFor(async () => expect(await scheduleLine()).toBe('尚未运行 · 下次触发：2026年11月27日周五 09:30'))
    expect(calls(bridge, 'datahub.producer.disableOrEnable')).toHaveLength(1)
  })

  it('a producer the hub does not fetch for (serverApi) shows no schedule and offers no run', async () => {
    const bridge = renderPage(makeTopic({ dhProducer: makeProducer({ productionMode: 'serverApi' }) }))
    const producer = await box('生产者 ERP')
    expect(within(producer).queryByRole('status')).toBeNull()
    expect(within(producer).queryByRole('button', { name: '立即运行' })).toBeNull()
    expect(calls(bridge, 'datahub.producer.schedules')).toEqual([])
  })

  it('asks once for every scheduled producer on screen', async () => {
    const topic = (n: number, producer: Partial<Parameters<typeof makeProducer>[0]> = {}) =>
      makeTopic({ id: `t${n}`, code: `orders${n}`, name: `主题${n}`, dhProducer: makeProducer({ id: `p${n}`, topicCode: `orders${n}`, appName: `ERP${n}`, ...producer }), dhConsumers: [makeConsumer({ id: `c${n}`, topicCode: `orders${n}` })] })
    const bridge = renderPage([topic(1), topic(2, { status: '0' }), topic(3), topic(4, { productionMode: 'serverApi' })], {
      'datahub.producer.schedules': schedulesOf({
        orders1: { producerId: 'p1', lastRun: lastRunOf(makeRun({ producerId: 'p1', messagesAccepted: 7 })), nextFireAt: NEXT_FIRE },
        orders2: { producerId: 'p2', lastRun: null, nextFireAt: null },
        orders3: { producerId: 'p3', lastRun: lastRunOf(makeRun({ producerId: 'p3', state: 'retrying', messagesAccepted: 0 })), nextFireAt: '2026-11-27T02:00:00.000Z' },
      }),
    })
    const lineOf = async (name: string) => within(await box(name)).getByRole('group', { name: (n) => !n.startsWith('投递统计') }).getAttribute('aria-label')
    await waitFor(async () => expect(await lineOf('生产者 ERP3')).toBe('上次运行：等待重试 · 接收 0 · 下次触发：2026年11月27日周五 10:00'))
    expect(await lineOf('生产者 ERP1')).toBe('上次运行：成功 · 接收 7 · 下次触发：2026年11月27日周五 09:30')
    expect(await lineOf('生产者 ERP2')).toBe('尚未运行 · 未启用，不会触发')
    // One call for the three scheduled producers; the pushed one is not asked for.
    const asked = calls(bridge, 'datahub.producer.schedules').map((c) => String((c.input as { topicCodes: string }).topicCodes).split(',').sort())
    expect(asked).toEqual([['orders1', 'orders2', 'orders3']])
    expect([...calls(bridge, 'datahub.producer.runs'), ...calls(bridge, 'datahub.producer.schedulePreview')]).toEqual([])
  })
})
