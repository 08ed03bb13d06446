// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { onSignal } from '../../../api/signals'
import { referenceStore } from '../../../state/reference'
import { sessionStore } from '../../../state/session'
import { datahubDictionaries, makeTopicDetail } from '../../../test/datahub'
import { adminUser } from '../../../test/fixtures'
import { findQuestion, queryModal, questionGone } from '../../../test/dialogs'
import { fail, installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { TopicDialog } from './TopicDialog'

beforeEach(() => referenceStore.set({ dictionaries: datahubDictionaries }))
afterEach(resetState)

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`))
const save = () => screen.getByRole('button', { name: '保存' })
const tab = (name: string) => screen.getByRole('tab', { name })
const updates = (bridge: ReturnType<typeof installFakeBridge>) => bridge.hubCalls().filter((c) => c.endpoint === 'datahub.topic.update')

describe('topic dialog: create, then the other tabs', () => {
  it('creates without an id, takes the answer, locks the code and opens the other tabs', async () => {
    const created = makeTopicDetail({ id: 't9', code: 'stock', name: '库存主题', topicSchema: '{}', dataFormat: 'json', tags: '仓储' })
    const bridge = installFakeBridge({ hub: { 'datahub.topic.create': ok(created) } })
    const onSaved = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<TopicDialog viewOnly={false} onClose={() => {}} onSaved={onSaved} />)
    expect((tab('路由配置') as HTMLButtonElement).disabled).toBe(true)
    await user.type(field('主题编码'), 'stock')
    await user.type(field('主题名称'), '库存主题')
    // Spec §4: choosing json sets the schema to an empty object.
    await user.selectOptions(field('数据格式'), 'json')
    expect((field('数据结构') as HTMLTextAreaElement).value).toBe('{}')
    await user.type(screen.getByRole('textbox', { name: '标签' }), '仓储{Enter}')
    await user.click(save())
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created))
    const input = bridge.hubCalls().find((c) => c.endpoint === 'datahub.topic.create')!.input as Record<string, unknown>
    expect(input).toMatchObject({ code: 'stock', name: '库存主题', dataFormat: 'json', topicSchema: '{}', tags: '仓储', status: '1', distributeType: '1', logStoreDay: 2, logDataStoreDay: 1 })
    expect(screen.getByRole('heading', { name: '编辑消息主题' })).toBeTruthy()
    expect((field('主题编码') as HTMLInputElement).disabled).toBe(true)
    expect((tab('路由配置') as HTMLButtonElement).disabled).toBe(false)
  })

  it("a refused save keeps the form and shows the hub's message, field keys under their fields", async () => {
    installFakeBridge({
      hub: { 'datahub.topic.create': fail('4001', '提交的数据不符合要求', { fields: [{ path: 'code', key: 'msg_topic_code_duplicate', message: '主题编码已存在' }] }) },
    })
    const user = userEvent.setup()
    renderWithProviders(<TopicDialog viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await user.type(field('主题编码'), 'orders')
    await user.type(field('主题名称'), '订单主题')
    await user.click(save())
    expect(await screen.findByText('主题编码已存在')).toBeTruthy()
    expect(screen.getByText('提交的数据不符合要求')).toBeTruthy()
    expect((field('主题名称') as HTMLInputElement).value).toBe('订单主题')
  })
})

describe('router tab: route rows checked with the shared rule', () => {
  it("blocks the save with the spec's messages, and needs only syntax and expression for Java", async () => {
    const topic = makeTopicDetail({ distributeType: '2' })
    const bridge = installFakeBridge({ hub: { 'datahub.topic.detail': ok(topic), 'datahub.topic.update': ok({ ...topic, version: 2 }) } })
    const user = userEvent.setup()
    renderWithProviders(<TopicDialog topicId="t1" viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect((tab('路由配置') as HTMLButtonElement).disabled).toBe(false))
    await user.click(tab('路由配置'))
    await user.click(screen.getByRole('button', { name: '添加路由规则' }))
    await user.click(save())
    expect(await screen.findByText('expression必填字段')).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: '第 1 行表达式' }), 'return "a"')
    await user.click(save())
    // JsonPath computes nothing itself: the row needs its routing key.
    expect(await screen.findByText('routingKey必填字段')).toBeTruthy()
    expect(updates(bridge)).toEqual([])

    await user.selectOptions(screen.getByRole('combobox', { name: '第 1 行语法' }), 'Java')
    await waitFor(() => expect(screen.queryByText('routingKey必填字段')).toBeNull())
    // Code goes to the (multi-line) code editor; its text is kept across the syntax change.
    expect(screen.getByRole('textbox', { name: '第 1 行表达式' }).tagName).toBe('TEXTAREA')
    await user.click(save())
    await waitFor(() => expect(updates(bridge)).toHaveLength(1))
    expect(updates(bridge)[0]!.input).toMatchObject({ id: 't1', version: 1, distributeType: '2', routeTableData: [{ syntax: 'Java', expression: 'return "a"', routingKey: '' }] })
  })

  it("an empty distribution type says 'distributeType必填字段'", async () => {
    installFakeBridge({ hub: { 'datahub.topic.detail': ok(makeTopicDetail()) } })
    const user = userEvent.setup()
    renderWithProviders(<TopicDialog topicId="t1" viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect((tab('路由配置') as HTMLButtonElement).disabled).toBe(false))
    await user.click(tab('路由配置'))
    await user.selectOptions(field('分发方式'), '')
    await user.click(save())
    expect(await screen.findByText('distributeType必填字段')).toBeTruthy()
  })
})

describe('view mode', () => {
  it('is read-only: no save, every input disabled, tags cannot be removed', async () => {
    installFakeBridge({ hub: { 'datahub.topic.detail': ok(makeTopicDetail({ distributeType: '2', routeTableData: [{ syntax: 'JsonPath', expression: '$.a', routingKey: 'a' }] })) } })
    const user = userEvent.setup()
    renderWithProviders(<TopicDialog topicId="t1" viewOnly onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect((field('主题名称') as HTMLInputElement).value).toBe('订单主题'))
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull()
    const dialog = screen.getByRole('dialog', { hidden: true })
    for (const input of within(dialog).getAllByRole('textbox')) expect((input as HTMLInputElement).disabled || input.matches(':disabled')).toBe(true)
    expect((screen.getByRole('button', { name: '删除标签 订单' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('button', { name: '添加' })).toBeNull()
    await user.click(tab('路由配置'))
    expect(screen.queryByRole('button', { name: '添加路由规则' })).toBeNull()
    expect((screen.getByRole('textbox', { name: '第 1 行表达式' }) as HTMLInputElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: '删除第 1 行路由规则' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(tab('日志配置'))
    expect(screen.getByText(/临时数据.*为异常重试和运维保留的数据/)).toBeTruthy()
    expect((field('日志保留天数') as HTMLInputElement).disabled).toBe(true)
  })
})

describe('change approval (issue 19)', () => {
  it('a save submitted for review (2020) is information, not an error: the editor closes and nothing counts as saved', async () => {
    const topic = makeTopicDetail()
    installFakeBridge({ hub: { 'datahub.topic.detail': ok(topic), 'datahub.topic.update': fail('2020', '“订单主题”的变更已提交审批，审批通过后生效') } })
    const toasts: { intent: string; message: string }[] = []
    onTestFinished(onSignal('toast', (s) => void toasts.push(s)))
    const onClose = vi.fn()
    const onSaved = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<TopicDialog topicId="t1" viewOnly={false} onClose={onClose} onSaved={onSaved} />)
    await waitFor(() => expect((field('主题名称') as HTMLInputElement).value).toBe(topic.name))
    await user.click(save())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onSaved).not.toHaveBeenCalled()
    expect(toasts).toEqual([{ intent: 'info', message: '“订单主题”的变更已提交审批，审批通过后生效' }])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  /** Signed in (a fresh user object: a new sign-in, so the console asks the hub again). */
  const signedIn = () => sessionStore.set({ status: 'signedIn', user: { ...adminUser } })

  it('a user whose role requires approval is asked "submit audit" first: cancel sends nothing and keeps the form, submit saves', async () => {
    signedIn()
    const topic = makeTopicDetail()
    const bridge = installFakeBridge({
      hub: { 'datahub.topic.detail': ok(topic), 'platform.process.roleApproval.mine': ok({ required: true }), 'datahub.topic.update': fail('2020', '“订单主题”的变更已提交审批，审批通过后生效') },
    })
    const onClose = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<TopicDialog topicId="t1" viewOnly={false} onClose={onClose} onSaved={() => {}} />)
    await waitFor(() => expect((field('主题名称') as HTMLInputElement).value).toBe(topic.name))
    await user.clear(field('主题名称'))
    await user.type(field('主题名称'), '新名称')
    await user.click(save())
    const ask = await findQuestion('提交审批')
    expect(within(ask).getByText('该变更需要审批，保存后将提交审批，审批通过后生效。确定提交吗？')).toBeTruthy()
    await user.click(within(ask).getByRole('button', { name: '取消', hidden: true }))
    await questionGone()
    expect(updates(bridge)).toEqual([])
    expect(onClose).not.toHaveBeenCalled()
    expect((field('主题名称') as HTMLInputElement).value).toBe('新名称')

    // `hidden: true`: tabster lifts the question's aria-hidden off the editor a moment after the
    // question leaves, later still on a busy machine; the button works all along.
    await user.click(screen.getByRole('button', { name: '保存', hidden: true }))
    await user.click(within(await findQuestion('提交审批')).getByRole('button', { name: '提交', hidden: true }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(updates(bridge)).toHaveLength(1)
    expect(updates(bridge)[0]!.input).toMatchObject({ id: topic.id, name: '新名称' })
    // Asked once per session, not once per save.
    expect(bridge.hubCalls().filter((c) => c.endpoint === 'platform.process.roleApproval.mine')).toHaveLength(1)
  })

  it('a user whose roles need no approval saves at once, without the question', async () => {
    signedIn()
    const topic = makeTopicDetail()
    const bridge = installFakeBridge({ hub: { 'datahub.topic.detail': ok(topic), 'platform.process.roleApproval.mine': ok({ required: false }), 'datahub.topic.update': ok(topic) } })
    const onSaved = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<TopicDialog topicId="t1" viewOnly={false} onClose={() => {}} onSaved={onSaved} />)
    await waitFor(() => expect((field('主题名称') as HTMLInputElement).value).toBe(topic.name))
    await user.click(save())
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(updates(bridge)).toHaveLength(1)
    expect(queryModal('alertdialog')).toBeNull()
    expect(bridge.hubCalls().some((c) => c.endpoint === 'platform.process.roleApproval.mine')).toBe(true)
  })

  it('a topic with a change under review says so above the tabs: saves are refused until it is decided', async () => {
    installFakeBridge({
      hub: {
        'datahub.topic.detail': ok(makeTopicDetail()),
        'platform.workbench.changingObjects': ok([{ objectType: 'topic', objectId: 't1', subjectId: 's1', submitterName: 'editor1' }]),
      },
    })
    renderWithProviders(<TopicDialog topicId="t1" viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    expect(await screen.findByText('该数据有变更正在审批（editor1 提交），审批结束前保存会被拒绝。可在工作台查看进度。')).toBeTruthy()
  })
})
