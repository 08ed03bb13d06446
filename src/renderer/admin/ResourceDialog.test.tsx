// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ROLE_PERMISSION } from '../../shared/contract/platform/admin/permissions'
import { gatewayInternalResource } from '../pages/platform/apps/gatewayInternalResource'
import { roleResource } from '../pages/platform/role/roleResource'
import { sessionStore } from '../state/session'
import { findQuestion, queryModal, questionGone } from '../test/dialogs'
import { fail, installFakeBridge, ok } from '../test/fakeBridge'
import { adminUser } from '../test/fixtures'
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

describe('resource dialog: "submit audit" (issue 19)', () => {
  const route = { id: 'g1', path: '/inner/orders', prefix: '/inner', targetService: 'http://orders:8080', serviceType: 'http', authType: 'none', status: '1', updatedDate: '2026-11-01 10:00:00' }
  // A fresh user object: a new sign-in, so the console asks the hub again whether approval is needed.
  const signedIn = () => sessionStore.set({ status: 'signedIn', user: { ...adminUser }, permissions: [ROLE_PERMISSION] })
  const calls = (bridge: ReturnType<typeof installFakeBridge>, endpoint: string) => bridge.hubCalls().filter((c) => c.endpoint === endpoint)

  it('asks before saving a gateway route when the role requires approval: cancel sends nothing, submit sends the save', async () => {
    signedIn()
    const bridge = installFakeBridge({ hub: { 'platform.process.roleApproval.mine': ok({ required: true }), 'platform.gateway.internal.update': fail('2020', '变更已提交审批，审批通过后生效') } })
    const onClose = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<ResourceDialog definition={gatewayInternalResource} row={route} onSaved={() => {}} onClose={onClose} />)
    const dialog = await screen.findByRole('dialog', H)
    await user.click(within(dialog).getByRole('button', { ...H, name: '保存' }))
    const ask = await findQuestion('提交审批')
    await user.click(within(ask).getByRole('button', { ...H, name: '取消' }))
    await questionGone()
    expect(calls(bridge, 'platform.gateway.internal.update')).toEqual([])
    expect(onClose).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { ...H, name: '保存' }))
    await user.click(within(await findQuestion('提交审批')).getByRole('button', { ...H, name: '提交' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(calls(bridge, 'platform.gateway.internal.update')).toHaveLength(1)
  })

  it('never asks for what is not under change control (a role), even when the user\'s role requires approval', async () => {
    signedIn()
    const bridge = installFakeBridge({
      hub: { 'platform.process.roleApproval.mine': ok({ required: true }), 'platform.role.create': (input) => ok({ id: 'r1', ...(input as object) }) },
    })
    const onSaved = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<ResourceDialog definition={definition} onSaved={onSaved} onClose={() => {}} />)
    const dialog = await screen.findByRole('dialog', H)
    await user.type(within(dialog).getByRole('textbox', { ...H, name: '角色编码' }), 'ops')
    await user.type(within(dialog).getByRole('textbox', { ...H, name: '角色名称' }), '运维{Enter}')
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1))
    expect(queryModal('alertdialog')).toBeNull()
    expect(calls(bridge, 'platform.process.roleApproval.mine')).toEqual([])
  })

  it('saves a gateway route at once when the user\'s roles need no approval', async () => {
    signedIn()
    const bridge = installFakeBridge({ hub: { 'platform.process.roleApproval.mine': ok({ required: false }), 'platform.gateway.internal.update': ok(route) } })
    const onSaved = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<ResourceDialog definition={gatewayInternalResource} row={route} onSaved={onSaved} onClose={() => {}} />)
    const dialog = await screen.findByRole('dialog', H)
    await user.click(within(dialog).getByRole('button', { ...H, name: '保存' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1))
    expect(queryModal('alertdialog')).toBeNull()
    expect(calls(bridge, 'platform.gateway.internal.update')).toHaveLength(1)
  })
})
