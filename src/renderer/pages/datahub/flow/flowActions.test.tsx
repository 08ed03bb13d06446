// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { onSignal, type ToastSignal } from '../../../api/signals'
import { referenceStore } from '../../../state/reference'
import { sessionStore } from '../../../state/session'
import { adminUser } from '../../../test/fixtures'
import { datahubDictionaries, makeConsumer, makeProducer, makeTopic, stubViewport } from '../../../test/datahub'
import { fail, installFakeBridge, ok, type FakeHubHandler } from '../../../test/fakeBridge'
import { findQuestion, queryModal, questionGone } from '../../../test/dialogs'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import type { TopicFlow } from '../../../../shared/contract/datahub/topic'
import TopicListPage from '../topic/TopicListPage'

let restoreViewport: () => void
beforeEach(() => {
  restoreViewport = stubViewport()
  referenceStore.set({ dictionaries: datahubDictionaries })
})
afterEach(async () => {
  restoreViewport()
  await resetState()
})

function renderPage(topic: TopicFlow, hub: Record<string, FakeHubHandler> = {}) {
  const bridge = installFakeBridge({
    hub: { 'datahub.topic.list': ok({ content: [topic], totalElements: 1 }), 'datahub.topic.listTags': ok([]), ...hub },
  })
  renderWithProviders(<TopicListPage />)
  return bridge
}
const box = (name: string | RegExp) => screen.findByRole('group', { name })
// A box's buttons are named with their object (编辑生产者 ERP, issue 44): the action starts the name.
const button = (group: HTMLElement, name: string) => within(group).getByRole('button', { name: (n) => n.startsWith(name) })
// The page is a big DOM (every box, xyflow's layers): role queries over all of it are slow on a
// small machine, so the dialog is found by its role attribute and queried inside.
const confirmDialog = () =>
  waitFor(() => {
    const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]')
    if (!dialog) throw new Error('no confirmation dialog')
    return dialog
  })
/**
 * A button of the confirmation. Tabster (Fluent's focus manager) marks an open dialog aria-hidden
 * under jsdom (tests/support/vitestSetup.ts), hence `hidden: true` inside the dialog found above.
 */
const answerDialog = async (name: string) => within(await confirmDialog()).getByRole('button', { name, hidden: true })
const calls = (bridge: ReturnType<typeof installFakeBridge>, endpoint: string) => bridge.hubCalls().filter((c) => c.endpoint === endpoint)
const collectToasts = () => {
  const toasts: ToastSignal[] = []
  return { toasts, off: onSignal('toast', (t) => toasts.push(t)) }
}

describe('flow row: producer box, topic cylinder, consumer boxes', () => {
  it('names each box button with its object, not only its action (issue 44)', async () => {
    renderPage(makeTopic({ dhProducer: makeProducer({ status: '0' }), dhConsumers: [makeConsumer()] }))
    const producer = await box('生产者 ERP')
    // The tooltip stays the action: the object is on the box already.
    expect(within(producer).getByRole('button', { name: '编辑生产者 ERP' }).getAttribute('title')).toBe('编辑')
    expect(within(producer).getByRole('button', { name: '删除生产者 ERP' })).toBeTruthy()
    expect(within(producer).queryByRole('button', { name: '编辑' })).toBeNull()
    expect(within(await box('消息主题 订单主题')).getByRole('button', { name: '查看消息主题 订单主题' })).toBeTruthy()
  })

  it('draws one box per party with its status colour (producer 0 grey, otherwise green)', async () => {
    renderPage(makeTopic({ dhProducer: makeProducer({ status: '0' }), dhConsumers: [makeConsumer(), makeConsumer({ id: 'c2', applicationName: 'CRM', status: '2' })] }))
    expect((await box('生产者 ERP')).getAttribute('data-tone')).toBe('grey')
    expect((await box('消息主题 订单主题')).getAttribute('data-tone')).toBe('green')
    expect((await box('消费者 WMS')).getAttribute('data-tone')).toBe('green')
    expect((await box('消费者 CRM')).getAttribute('data-tone')).toBe('grey')
    expect(screen.getByRole('article', { name: '消息主题 订单主题（orders）' })).toBeTruthy()
  })

  it('detail mode shows mode, alarm, code, distribution, consume type and retry; the routing key only when routing by key', async () => {
    const user = userEvent.setup()
    renderPage(makeTopic())
    await box('生产者 ERP')
    await user.click(screen.getByRole('switch', { name: '详情' }))
    const producer = await box('生产者 ERP')
    expect(producer.textContent).toContain('HTTP 接口')
    expect(producer.textContent).toContain('告警')
    expect((await box('消息主题 订单主题')).textContent).toContain('广播给全部消费者')
    const consumer = await box('消费者 WMS')
    expect(consumer.textContent).toContain('重试 3 次，间隔 60 秒')
    // makeConsumer: alarmStatus '0' → the dictionary label 不告警.
    expect(consumer.textContent).toContain('告警状态不告警')
    expect(consumer.textContent).not.toContain('路由键')
  })
})

describe('toggles ask, call, and revert when the hub refuses', () => {
  it('cancelled: no call', async () => {
    const user = userEvent.setup()
    const bridge = renderPage(makeTopic())
    await user.click(button(await box('消费者 WMS'), '停用'))
    expect((await confirmDialog()).textContent).toContain('确定停用消费者“WMS”吗？')
    await user.click(await answerDialog('取消'))
    expect(calls(bridge, 'datahub.consumer.status')).toEqual([])
  })

  it('confirmed and accepted: the row shows what the hub answered', async () => {
    const user = userEvent.setup()
    const bridge = renderPage(makeTopic(), { 'datahub.producer.disableOrEnable': ok(makeProducer({ status: '0', version: 2 })) })
    await user.click(button(await box('生产者 ERP'), '停用'))
    await user.click(await answerDialog('确定'))
    await waitFor(async () => expect((await box('生产者 ERP')).getAttribute('data-tone')).toBe('grey'))
    expect(calls(bridge, 'datahub.producer.disableOrEnable')[0]!.input).toEqual({ id: 'p1', version: 1 })
    expect(button(await box('生产者 ERP'), '启用')).toBeTruthy()
  })

  it("refused: the status goes back and the hub's message is shown", async () => {
    const user = userEvent.setup()
    const { toasts, off } = collectToasts()
    let answer: (r: unknown) => void = () => {}
    const bridge = renderPage(makeTopic(), { 'datahub.topic.disableOrEnable': () => new Promise((r) => (answer = r)) as never })
    await user.click(button(await box('消息主题 订单主题'), '停用'))
    await user.click(await answerDialog('确定'))
    // Shown at once, before the hub answers…
    await waitFor(async () => expect((await box('消息主题 订单主题')).getAttribute('data-tone')).toBe('grey'))
    answer(fail('4090', '消息主题正在使用中，不能停用'))
    // …and put back when it refuses.
    await waitFor(async () => expect((await box('消息主题 订单主题')).getAttribute('data-tone')).toBe('green'))
    expect(calls(bridge, 'datahub.topic.disableOrEnable')).toHaveLength(1)
    expect(toasts).toContainEqual(expect.objectContaining({ intent: 'error', message: '消息主题正在使用中，不能停用' }))
    off()
  })

  it('a consumer toggle starts a consumer that is not running', async () => {
    const user = userEvent.setup()
    const bridge = renderPage(makeTopic({ dhConsumers: [makeConsumer({ status: '2' })] }), { 'datahub.consumer.status': ok({ ...makeConsumer({ status: '1', version: 2 }) }) })
    await user.click(button(await box('消费者 WMS'), '启用'))
    await user.click(await answerDialog('确定'))
    await waitFor(async () => expect((await box('消费者 WMS')).getAttribute('data-tone')).toBe('green'))
    expect(calls(bridge, 'datahub.consumer.status')).toHaveLength(1)
  })
})

describe('deleting boxes', () => {
  it('the last consumer leaves one blank consumer slot', async () => {
    const user = userEvent.setup()
    const bridge = renderPage(makeTopic({ dhConsumers: [makeConsumer({ status: '2' })] }), { 'datahub.consumer.delete': ok(null) })
    await user.click(button(await box('消费者 WMS'), '删除'))
    await user.click(await answerDialog('确定'))
    expect(await box('未配置消费者')).toBeTruthy()
    expect(screen.queryByRole('group', { name: '消费者 WMS' })).toBeNull()
    expect(calls(bridge, 'datahub.consumer.delete')[0]!.input).toEqual({ id: 'c1', version: 1 })
  })

  it('an unsaved consumer slot is removed locally, without asking and without a call', async () => {
    const user = userEvent.setup()
    const bridge = renderPage(makeTopic())
    await box('消费者 WMS')
    await user.click(screen.getByRole('button', { name: '添加消费者' }))
    const blank = await box('未配置消费者')
    await user.click(button(blank, '删除'))
    await waitFor(() => expect(screen.queryByRole('group', { name: '未配置消费者' })).toBeNull())
    expect(queryModal('alertdialog')).toBeNull()
    expect(calls(bridge, 'datahub.consumer.delete')).toEqual([])
    expect(screen.getByRole('group', { name: '消费者 WMS' })).toBeTruthy()
  })

  it('after deleting the producer its slot is blank with status 0', async () => {
    const user = userEvent.setup()
    renderPage(makeTopic({ dhProducer: makeProducer({ status: '0' }) }), { 'datahub.producer.delete': ok(null) })
    await user.click(button(await box('生产者 ERP'), '删除'))
    await user.click(await answerDialog('确定'))
    const blank = await box('未配置生产者')
    expect(blank.getAttribute('data-tone')).toBe('grey')
    expect((button(blank, '查看') as HTMLButtonElement).disabled).toBe(true)
  })

  it('a refused delete keeps the box and shows the message', async () => {
    const user = userEvent.setup()
    const { toasts, off } = collectToasts()
    renderPage(makeTopic(), { 'datahub.producer.delete': fail('4090', '请先停用生产者再删除') })
    await user.click(button(await box('生产者 ERP'), '删除'))
    await user.click(await answerDialog('确定'))
    await waitFor(() => expect(toasts.map((t) => t.message)).toContain('请先停用生产者再删除'))
    expect(screen.getByRole('group', { name: '生产者 ERP' })).toBeTruthy()
    off()
  })
})

describe('editing under a disabled topic', () => {
  it("says '请先启用该消息主题' and opens no editor", async () => {
    const user = userEvent.setup()
    const { toasts, off } = collectToasts()
    const bridge = renderPage(makeTopic({ status: '0', dhProducer: makeProducer({ status: '0' }) }))
    await user.click(button(await box('生产者 ERP'), '编辑'))
    expect(toasts).toContainEqual({ intent: 'error', message: '请先启用该消息主题' })
    expect(queryModal('dialog')).toBeNull()
    expect(calls(bridge, 'datahub.producer.get')).toEqual([])
    off()
  })
})

describe('"submit audit" before a toggle or a delete (issue 19)', () => {
  // A fresh user object: a new sign-in, so the console asks the hub again whether approval is needed.
  const signedIn = () => sessionStore.set({ status: 'signedIn', user: { ...adminUser } })
  const SUBMITTED = '“订单主题 / WMS”的变更已提交审批，审批通过后生效'

  it('asks once when the role requires approval: cancel sends nothing; submit sends once, says so, keeps the status and marks the box', async () => {
    signedIn()
    const user = userEvent.setup()
    const { toasts, off } = collectToasts()
    let answer: (r: unknown) => void = () => {}
    let submitted = false
    const bridge = renderPage(makeTopic(), {
      'platform.process.roleApproval.mine': ok({ required: true }),
      'datahub.consumer.status': () =>
        new Promise((r) => {
          submitted = true
          answer = r
        }) as never,
      'platform.workbench.changingObjects': () => ok(submitted ? [{ objectType: 'consumer', objectId: 'c1', subjectId: 's1', submitterName: '系统管理员' }] : []),
    })
    await user.click(button(await box('消费者 WMS'), '停用'))
    // One question: the toggle's own, said to go to review, answered with "submit".
    const ask = await findQuestion('提交审批')
    expect(ask.textContent).toContain('确定停用消费者“WMS”吗？该操作需要审批，提交后进入审批流程，审批通过后才生效。')
    await user.click(await answerDialog('取消'))
    await questionGone()
    expect(calls(bridge, 'datahub.consumer.status')).toEqual([])
    expect((await box('消费者 WMS')).getAttribute('data-tone')).toBe('green')

    await user.click(button(await box('消费者 WMS'), '停用'))
    await user.click(await answerDialog('提交'))
    await waitFor(() => expect(calls(bridge, 'datahub.consumer.status')).toHaveLength(1))
    // Not applied: the box does not flip to the new status while the hub has the call…
    expect((await box('消费者 WMS')).getAttribute('data-tone')).toBe('green')
    answer(fail('2020', SUBMITTED))
    // …nor after: the hub's answer is information, not an error.
    await waitFor(() => expect(toasts).toContainEqual({ intent: 'info', message: SUBMITTED }))
    expect(toasts.some((t) => t.intent === 'error')).toBe(false)
    const consumer = await box('消费者 WMS')
    expect(consumer.getAttribute('data-tone')).toBe('green')
    expect(button(consumer, '停用')).toBeTruthy()
    expect(await within(consumer).findByTestId('changing-mark', {}, { timeout: 4000 })).toBeTruthy()
    expect(calls(bridge, 'datahub.consumer.status')).toHaveLength(1)
    // Asked once per sign-in, not once per action.
    expect(calls(bridge, 'platform.process.roleApproval.mine')).toHaveLength(1)
    off()
  })

  it('a delete asks the one question too; submitted, the box stays', async () => {
    signedIn()
    const user = userEvent.setup()
    const bridge = renderPage(makeTopic(), { 'platform.process.roleApproval.mine': ok({ required: true }), 'datahub.producer.delete': fail('2020', '“订单主题 / ERP”的变更已提交审批，审批通过后生效') })
    await user.click(button(await box('生产者 ERP'), '删除'))
    expect((await findQuestion('提交审批')).textContent).toContain('确定删除生产者“ERP”吗？该操作需要审批')
    await user.click(await answerDialog('提交'))
    await waitFor(() => expect(calls(bridge, 'datahub.producer.delete')).toHaveLength(1))
    await questionGone()
    expect(screen.getByRole('group', { name: '生产者 ERP' })).toBeTruthy()
  })

  it('a user whose roles need no approval gets the usual question only, and the toggle applies', async () => {
    signedIn()
    const user = userEvent.setup()
    const bridge = renderPage(makeTopic(), { 'platform.process.roleApproval.mine': ok({ required: false }), 'datahub.producer.disableOrEnable': ok(makeProducer({ status: '0', version: 2 })) })
    await user.click(button(await box('生产者 ERP'), '停用'))
    const ask = await findQuestion('请确认')
    expect(ask.textContent).not.toContain('该操作需要审批')
    await user.click(await answerDialog('确定'))
    await waitFor(async () => expect((await box('生产者 ERP')).getAttribute('data-tone')).toBe('grey'))
    await questionGone()
    expect(calls(bridge, 'datahub.producer.disableOrEnable')).toHaveLength(1)
  })
})
