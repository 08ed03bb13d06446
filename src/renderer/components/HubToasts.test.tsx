// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, screen } from '@testing-library/react'
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
})
