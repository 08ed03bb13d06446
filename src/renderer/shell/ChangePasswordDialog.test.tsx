// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { onSignal, type ToastSignal } from '../api/signals'
import { sessionStore } from '../state/session'
import { fail, installFakeBridge, ok } from '../test/fakeBridge'
import { adminUser } from '../test/fixtures'
import { renderWithProviders } from '../test/render'
import { resetState } from '../test/resetState'
import { ChangePasswordDialog } from './ChangePasswordDialog'

afterEach(resetState)
const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`))

describe('change password dialog (shared changePasswordSchema)', () => {
  it('fake bridge: checks the rule and the confirmation on blur, by message key', async () => {
    const bridge = installFakeBridge()
    const user = userEvent.setup()
    renderWithProviders(<ChangePasswordDialog open onClose={() => {}} />)
    await user.type(field('新密码'), 'weak')
    // Leave the field by clicking the next one (the modal's focus trap keeps Tab from jsdom).
    await user.click(field('确认新密码'))
    expect(await screen.findByText('密码须为 8-20 位，并同时包含大写字母、小写字母、数字和符号')).toBeTruthy()
    await user.clear(field('新密码'))
    await user.type(field('新密码'), 'Strong#2024')
    await user.type(field('确认新密码'), 'Strong#2025')
    await user.click(field('原密码'))
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('请输入原密码')).toBeTruthy()
    expect(bridge.hubCalls()).toEqual([])
  })

  it('fake bridge: on success says so and ends the session (the hub revoked it)', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.me.changePassword': ok(null) } })
    sessionStore.set({ status: 'signedIn', user: adminUser })
    const toasts: ToastSignal[] = []
    const off = onSignal('toast', (t) => toasts.push(t))
    const user = userEvent.setup()
    renderWithProviders(<ChangePasswordDialog open onClose={() => {}} />)
    await user.type(field('原密码'), 'Old#pass1')
    await user.type(field('新密码'), 'Strong#2024')
    await user.type(field('确认新密码'), 'Strong#2024')
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(sessionStore.get().status).toBe('signedOut'))
    expect(bridge.hubCalls()).toEqual([{ endpoint: 'platform.me.changePassword', input: { oldPassword: 'Old#pass1', newPassword: 'Strong#2024', confirmPassword: 'Strong#2024' } }])
    expect(toasts).toEqual([{ intent: 'success', message: '密码已修改，请重新登录' }])
    off()
  })

  it("fake bridge: shows the hub's field message for a wrong old password", async () => {
    installFakeBridge({ hub: { 'platform.me.changePassword': fail('4001', '提交的数据不符合要求', { fields: [{ path: 'oldPassword', key: 'msg_password_old_wrong', message: '原密码错误' }] }) } })
    sessionStore.set({ status: 'signedIn', user: adminUser })
    const user = userEvent.setup()
    renderWithProviders(<ChangePasswordDialog open onClose={() => {}} />)
    await user.type(field('原密码'), 'Wrong#pass1')
    await user.type(field('新密码'), 'Strong#2024')
    await user.type(field('确认新密码'), 'Strong#2024')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('原密码错误')).toBeTruthy()
    expect(screen.getByText('提交的数据不符合要求')).toBeTruthy()
  })
})
