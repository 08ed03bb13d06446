// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { referenceStore } from '../../../state/reference'
import { datahubDictionaries, makeProducer, makeRun, makeTopic, pinTimeZone, stubViewport } from '../../../test/datahub'
import { installFakeBridge, ok, type FakeHubHandler } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
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

const FIRES = ['2026-11-27T01:30:00.000Z', '2026-11-28T01:30:00.000Z', '2026-11-29T01:30:00.000Z', '2026-11-30T01:30:00.000Z', '2026-12-01T01:30:00.000Z']
function renderPage(topic: TopicFlow, hub: Record<string, FakeHubHandler> = {}) {
  const bridge = installFakeBridge({
    hub: {
      'datahub.topic.list': ok({ content: [topic], totalElements: 1 }),
      'datahub.topic.listTags': ok([]),
      'datahub.producer.schedulePreview': ok({ timeZone: 'Asia/Shanghai', fires: FIRES }),
      ...hub,
    },
  })
  renderWithProviders(<TopicListPage />)
  return bridge
}
const box = (name: string) => screen.findByRole('group', { name })
/** The schedule line of the producer box, asked anew each time (xyflow may mount the box again). */
const scheduleLine = async () => within(await box('生产者 ERP')).getByRole('status').getAttribute('aria-label')
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
      'datahub.producer.runs': () => ok({ content: runs, totalElements: runs.length }),
      'datahub.producer.runNow': () => {
        runs = [makeRun({ id: 'r2', trigger: 'manual', state: 'running', messagesAccepted: 0, finishedAt: null, durationMs: null }), ...runs]
        return ok(runs[0])
      },
    })
    const user = userEvent.setup()
    await waitFor(async () => expect(await scheduleLine()).toBe('上次运行：失败 · 接收 3 · 下次触发：2026年11月27日周五 09:30'))
    // One run asked for: the last.
    expect(calls(bridge, 'datahub.producer.runs')[0]!.input).toEqual({ id: 'p1', pageNum: 1, pageSize: 1 })
    expect(calls(bridge, 'datahub.producer.schedulePreview')[0]!.input).toMatchObject({ requestStrategy: '1' })

    await user.click(within(await box('生产者 ERP')).getByRole('button', { name: '立即运行' }))
    await waitFor(async () => expect(await scheduleLine()).toMatch(/^上次运行：运行中 · 接收 0/))
    expect(calls(bridge, 'datahub.producer.runNow')[0]!.input).toEqual({ id: 'p1' })

    await user.click(within(await box('生产者 ERP')).getByRole('button', { name: '运行记录' }))
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
    renderPage(makeTopic({ dhProducer: makeProducer({ status: '0' }) }), { 'datahub.producer.runs': ok({ content: [], totalElements: 0 }) })
    await waitFor(async () => expect(await scheduleLine()).toBe('尚未运行 · 未启用，不会触发'))
    expect((within(await box('生产者 ERP')).getByRole('button', { name: '立即运行' }) as HTMLButtonElement).disabled).toBe(true)
    await resetState()

    const bridge = renderPage(makeTopic(), { 'datahub.producer.runs': ok({ content: [makeRun({ state: 'running' })], totalElements: 1 }) })
    const user = userEvent.setup()
    await user.click(within(await box('生产者 ERP')).getByRole('button', { name: '停用' }))
    expect((await confirmDialog()).textContent).toContain('确定停用生产者“ERP”吗？ 正在进行的运行会在当前批次完成后停止，已保存的数据会保留。')
    await user.click(within(await confirmDialog()).getByRole('button', { name: '取消', hidden: true }))
    await user.click(within(await box('消息主题 订单主题')).getByRole('button', { name: '停用' }))
    await waitFor(async () => expect((await confirmDialog()).textContent).toContain('确定停用消息主题“订单主题”吗？ 正在进行的运行会在当前批次完成后停止'))
    expect(calls(bridge, 'datahub.producer.disableOrEnable')).toEqual([])
  })

  it('a producer the hub does not fetch for (serverApi) shows no schedule and offers no run', async () => {
    const bridge = renderPage(makeTopic({ dhProducer: makeProducer({ productionMode: 'serverApi' }) }))
    const producer = await box('生产者 ERP')
    expect(within(producer).queryByRole('status')).toBeNull()
    expect(within(producer).queryByRole('button', { name: '立即运行' })).toBeNull()
    expect(calls(bridge, 'datahub.producer.runs')).toEqual([])
  })
})
