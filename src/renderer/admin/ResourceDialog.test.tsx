// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ROLE_PERMISSION } from '../../shared/contract/platform/admin/permissions'
import { roleResource } from '../pages/platform/role/roleResource'
import { sessionStore } from '../state/session'
import { installFakeBridge, ok } from '../test/fakeBridge'
import { renderWithProviders } from '../test/render'
import { resetState } from '../test/resetState'
import { ResourceDialog } from './ResourceDialog'

configure({ asyncUtilTimeout: 4000 })
afterEach(resetState)

const H = { hidden: true } as const
const definition = roleResource(() => {})

/** The nearest ancestor whose overflow-y scrolls. */
function scroller(inner: HTMLElement): HTMLElement | null {
  for (let e: HTMLElement | null = inner; e; e = e.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(e).overflowY)) return e
  return null
}

describe('resource dialog', () => {
  it('keeps cancel and save in the action bar outside the scrolling form, and Enter in a field still saves', async () => {
    sessionStore.set({ status: 'signedIn', permissions: [ROLE_PERMISSION] })
    const bridge = installFakeBridge({ hub: { 'platform.role.create': (input) => ok({ id: 'r1', ...(input as object) }) } })
    const onSaved = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<ResourceDialog definition={definition} onSaved={onSaved} onClose={() => {}} />)
    const dialog = await screen.findByRole('dialog', H)
    const body = scroller(within(dialog).getByRole('textbox', { ...H, name: '角色编码' }))
    expect(body).not.toBeNull()
    expect(body!.contains(within(dialog).getByRole('button', { ...H, name: '保存' }))).toBe(false)
    expect(body!.contains(within(dialog).getByRole('button', { ...H, name: '取消' }))).toBe(false)

    await user.type(within(dialog).getByRole('textbox', { ...H, name: '角色编码' }), 'ops')
    await user.type(within(dialog).getByRole('textbox', { ...H, name: '角色名称' }), '运维{Enter}')
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1))
    expect(bridge.hubCalls().find((c) => c.endpoint === 'platform.role.create')?.input).toEqual({ roleCode: 'ops', roleName: '运维', roleType: '', status: '1' })
  })
})
