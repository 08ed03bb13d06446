// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ALARM_RULE_PERMISSION } from '../../../shared/contract/alarms/permissions'
import { sessionStore } from '../../state/session'
import { findModal } from '../../test/dialogs'
import { installFakeBridge, ok } from '../../test/fakeBridge'
import { renderRegistryPage } from '../../test/render'
import { resetState } from '../../test/resetState'

afterEach(resetState)

const rule = { id: 'consumer_failures', rule: 'consumer_failures', objectType: 'consumer', enabled: '1', threshold: 3, reminderMinutes: 60, periodSeconds: 300, receivers: '', updatedAt: '2026-11-25T09:00:00.000Z', updatedBy: 'admin' }
const robot = { id: 'w1', code: 'ops_ding', name: '运维群', kind: 'dingtalk', url: 'https://oapi.dingtalk.com/robot/send?access_token=x', secretSet: true, status: '1', remark: '', updatedAt: '2026-11-25T09:00:00.000Z' }

const callsOf = (bridge: ReturnType<typeof installFakeBridge>, endpoint: string) => bridge.hubCalls().filter((c) => c.endpoint === endpoint).map((c) => c.input as Record<string, unknown>)

describe('alert centre: rules and robots', () => {
  it('shows each rule with its threshold and reminder, and saves a new threshold keeping the rest', async () => {
    sessionStore.set({ permissions: [ALARM_RULE_PERMISSION] })
    const user = userEvent.setup()
    const bridge = installFakeBridge({ hub: { 'platform.alarm.rule.list': ok([rule]), 'platform.alarm.rule.update': ok({ ...rule, threshold: 5 }) } })
    renderRegistryPage('alert', 'AlertJobList', '/alert/job')
    const row = (await screen.findByText('消费者连续失败')).closest('tr') as HTMLElement
    expect(row.textContent).toContain('连续 3 次尝试失败')
    expect(row.textContent).toContain('最多每 60 分钟一次')

    await user.click(within(row).getByRole('button', { name: '编辑' }))
    const dialog = await findModal()
    const threshold = within(dialog).getByRole('spinbutton', { name: /阈值/, hidden: true })
    await user.clear(threshold)
    await user.type(threshold, '5')
    await user.click(within(dialog).getByRole('button', { name: '保存', hidden: true }))
    await waitFor(() => expect(callsOf(bridge, 'platform.alarm.rule.update')).toEqual([{ rule: 'consumer_failures', enabled: '1', threshold: 5, reminderMinutes: 60, periodSeconds: 300, receivers: '' }]))
  })

  it('robots: the secret is only said to be set, and a new robot is saved with its secret', async () => {
    sessionStore.set({ permissions: [ALARM_RULE_PERMISSION] })
    const user = userEvent.setup()
    const bridge = installFakeBridge({ hub: { 'platform.alarm.rule.list': ok([rule]), 'platform.alarm.webhook.list': ok([robot]), 'platform.alarm.webhook.save': ok({ ...robot, code: 'ops_http', kind: 'http' }) } })
    renderRegistryPage('alert', 'AlertJobList', '/alert/job')
    await user.click(await screen.findByRole('tab', { name: '机器人与 Webhook' }))
    const row = (await screen.findByText('ops_ding')).closest('tr') as HTMLElement
    expect(row.textContent).toContain('钉钉机器人')
    expect(row.textContent).toContain('已设置')

    await user.click(screen.getByRole('button', { name: '新增机器人或 Webhook' }))
    const dialog = await findModal()
    await user.type(within(dialog).getByRole('textbox', { name: /编码/, hidden: true }), 'ops_http')
    await user.type(within(dialog).getByRole('textbox', { name: /名称/, hidden: true }), '我们的接收端')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /类型/, hidden: true }), 'http')
    await user.type(within(dialog).getByRole('textbox', { name: /地址/, hidden: true }), 'https://alarms.example.com/hook')
    await user.type(within(dialog).getByLabelText(/签名密钥/), 's3cret-key')
    await user.click(within(dialog).getByRole('button', { name: '保存', hidden: true }))
    await waitFor(() => expect(callsOf(bridge, 'platform.alarm.webhook.save')).toHaveLength(1))
    expect(callsOf(bridge, 'platform.alarm.webhook.save')[0]).toMatchObject({ code: 'ops_http', name: '我们的接收端', kind: 'http', url: 'https://alarms.example.com/hook', secret: 's3cret-key' })
  })

  it('an SMS gateway: its request template fields appear for that kind, and its headers are saved name by name', async () => {
    sessionStore.set({ permissions: [ALARM_RULE_PERMISSION] })
    const user = userEvent.setup()
    const bridge = installFakeBridge({ hub: { 'platform.alarm.rule.list': ok([rule]), 'platform.alarm.webhook.list': ok([robot]), 'platform.alarm.webhook.save': ok({ ...robot, code: 'ops_sms', kind: 'sms' }) } })
    renderRegistryPage('alert', 'AlertJobList', '/alert/job')
    await user.click(await screen.findByRole('tab', { name: '机器人与 Webhook' }))
    await user.click(await screen.findByRole('button', { name: '新增机器人或 Webhook' }))
    const dialog = await findModal()
    expect(within(dialog).queryByRole('textbox', { name: /请求体模板/, hidden: true })).toBeNull()
    await user.type(within(dialog).getByRole('textbox', { name: /编码/, hidden: true }), 'ops_sms')
    await user.type(within(dialog).getByRole('textbox', { name: /名称/, hidden: true }), '短信')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /类型/, hidden: true }), 'sms')
    await user.type(within(dialog).getByRole('textbox', { name: /地址/, hidden: true }), 'https://sms.example.com/send')
    await user.type(within(dialog).getByRole('textbox', { name: /请求体模板/, hidden: true }), 'to=${{mobile}&msg=${{text}')
    // user-event reads '{' as the start of a key name; '{{' types one.
    await user.type(within(dialog).getByRole('textbox', { name: /请求头/, hidden: true }), 'X-Key: ${{secret}{Enter}X-Time: ${{timestamp}')
    await user.click(within(dialog).getByRole('button', { name: '保存', hidden: true }))
    await waitFor(() => expect(callsOf(bridge, 'platform.alarm.webhook.save')).toHaveLength(1))
    expect(callsOf(bridge, 'platform.alarm.webhook.save')[0]).toMatchObject({
      code: 'ops_sms', kind: 'sms', method: 'POST', bodyTemplate: 'to=${mobile}&msg=${text}', headers: { 'X-Key': '${secret}', 'X-Time': '${timestamp}' },
    })
  })

  it('licence alarms: receivers are picked in the channel editor (a robot from the list, an SMS number typed) and saved as the alarm JSON', async () => {
    sessionStore.set({ permissions: [ALARM_RULE_PERMISSION] })
    const user = userEvent.setup()
    const licence = { ...rule, id: 'licence_expiring', rule: 'licence_expiring', objectType: 'licence', threshold: 30, receivers: '' }
    const sms = { ...robot, id: 'w2', code: 'ops_sms', name: '短信网关', kind: 'sms' }
    const wecom = { ...robot, id: 'w3', code: 'ops_wecom', name: '值班群', kind: 'wecom' }
    const off = { ...robot, id: 'w4', code: 'old_ding', name: '旧群', status: '0' }
    const bridge = installFakeBridge({
      hub: {
        'platform.alarm.rule.list': ok([rule, licence]),
        'platform.alarm.webhook.list': ok([robot, sms, wecom, off]),
        'platform.alarm.rule.update': ok({ ...licence, receivers: 'saved' }),
      },
    })
    renderRegistryPage('alert', 'AlertJobList', '/alert/job')

    // A rule whose alarms go to its object's settings has no receivers of its own.
    await user.click(within((await screen.findByText('消费者连续失败')).closest('tr') as HTMLElement).getByRole('button', { name: '编辑' }))
    expect(within(await findModal()).queryByRole('group', { name: '接收人', hidden: true })).toBeNull()
    await user.click(within(await findModal()).getByRole('button', { name: '取消', hidden: true }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(within((await screen.findByText('证书即将到期')).closest('tr') as HTMLElement).getByRole('button', { name: '编辑' }))
    const dialog = await findModal()
    const receivers = within(dialog).getByRole('group', { name: '接收人', hidden: true })
    await user.click(within(receivers).getByRole('button', { name: '选择钉钉接收人', hidden: true }))
    // Enabled robots of every kind are offered; a disabled one is not.
    const items = await screen.findAllByRole('menuitem')
    expect(items.map((i) => i.textContent)).toEqual(['运维群（钉钉机器人，ops_ding）', '值班群（企业微信机器人，ops_wecom）'])
    await user.click(items[1]!)
    expect((within(receivers).getByRole('checkbox', { name: '钉钉', hidden: true }) as HTMLInputElement).checked).toBe(true)
    expect((within(receivers).getByRole('textbox', { name: '钉钉接收人', hidden: true }) as HTMLInputElement).value).toBe('ops_wecom')

    await user.click(within(receivers).getByRole('checkbox', { name: '短信', hidden: true }))
    await user.type(within(receivers).getByRole('textbox', { name: '短信接收人', hidden: true }), '13800001111')
    expect(within(receivers).getByText('经短信网关 短信网关（ops_sms）发送')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: '保存', hidden: true }))

    await waitFor(() => expect(callsOf(bridge, 'platform.alarm.rule.update')).toHaveLength(1))
    const saved = callsOf(bridge, 'platform.alarm.rule.update')[0]!
    expect(saved).toMatchObject({ rule: 'licence_expiring', enabled: '1', threshold: 30 })
    expect(JSON.parse(saved.receivers as string)).toEqual({
      objData: [
        { type: 'email', status: '0', value: '1', receiver: '' },
        { type: 'mobile', status: '1', value: '2', receiver: '13800001111' },
        { type: 'dingding', status: '1', value: '3', receiver: 'ops_wecom' },
        { type: 'http', status: '0', value: '5', receiver: '' },
      ],
    })
  })
})
