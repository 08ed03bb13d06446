// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { emitSignal } from '../api/signals'
import { renderWithProviders } from '../test/render'
import { resetState } from '../test/resetState'
import { HubToasts } from './HubToasts'

afterEach(resetState)

describe('hub toasts', () => {
  it('shows the server message, with an expandable detail panel (code, endpoint, data) when one is attached', async () => {
    const user = userEvent.setup()
    renderWithProviders(<HubToasts />)
    act(() => emitSignal('toast', { intent: 'error', message: '数据不存在', detail: { code: '4040', endpoint: 'platform.topic.get', data: { id: 'x' } } }))
    expect(await screen.findByText('数据不存在')).toBeTruthy()
    const toggle = screen.getByRole('button', { name: '查看详情' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)
    const panel = screen.getByText(/platform\.topic\.get/)
    expect(panel.textContent).toContain('4040')
    expect(panel.textContent).toContain('"id": "x"')
  })

  it("names a system error's log reference in the detail panel, the one the hub's log line carries", async () => {
    const user = userEvent.setup()
    renderWithProviders(<HubToasts />)
    act(() => emitSignal('toast', { intent: 'error', message: '系统错误，请联系管理员', detail: { code: '5000', endpoint: 'platform.topic.save', data: { reference: '1a2b3c4d' } } }))
    await user.click(await screen.findByRole('button', { name: '查看详情' }))
    expect(screen.getByText(/platform\.topic\.save/).textContent).toContain('日志编号: 1a2b3c4d\n')
  })

  it('counts a repeat on the toast already shown, and keeps at most three on screen', async () => {
    renderWithProviders(<HubToasts />)
    for (let i = 0; i < 3; i++) act(() => emitSignal('toast', { intent: 'error', message: '连接失败' }))
    expect(await screen.findByText('×3')).toBeTruthy()
    // (The toaster also announces each text in a live region: count the toasts themselves.)
    const shown = () => Array.from(document.querySelectorAll('.fui-Toast')).map((t) => t.textContent)
    expect(shown()).toEqual(['连接失败×3'])
    for (const n of [1, 2, 3]) act(() => emitSignal('toast', { intent: 'error', message: `失败 ${n}` }))
    // The oldest gave way to the newest.
    await waitFor(() => expect(shown().sort()).toEqual(['失败 1', '失败 2', '失败 3']))
  })
})
