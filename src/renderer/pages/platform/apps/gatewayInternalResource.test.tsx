// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { GATEWAY_INTERNAL_PERMISSION } from '../../../../shared/contract/platform/apps/permissions'
import { ResourceListPage } from '../../../admin/ResourceListPage'
import { sessionStore } from '../../../state/session'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { gatewayInternalResource } from './gatewayInternalResource'

afterEach(resetState)

/** Dialog content whatever tabster's modalizer decided under jsdom (see ResourceListPage.test.tsx). */
const H = { hidden: true } as const

describe('internal gateway route form', () => {
  it("says on blur that a path with a '..' segment is refused, and sends nothing (finding 11)", async () => {
    sessionStore.set({ status: 'signedIn', permissions: [GATEWAY_INTERNAL_PERMISSION] })
    const bridge = installFakeBridge({ hub: { 'platform.gateway.internal.list': ok({ content: [], totalElements: 0 }) } })
    const user = userEvent.setup()
    renderWithProviders(<ResourceListPage definition={gatewayInternalResource} />)
    await user.click(await screen.findByRole('button', { name: '新增内部路由' }))
    const form = await screen.findByRole('dialog', H)
    const path = within(form).getByRole('textbox', { ...H, name: '路由路径' })
    await user.clear(path)
    await user.type(path, '/inner/a/../b/**')
    await user.click(within(form).getByRole('textbox', { ...H, name: '目标服务' }))
    expect(await within(form).findByText('路由路径和前缀不能包含 . 或 .. 路径段')).toBeTruthy()
    await user.click(within(form).getByRole('button', { ...H, name: '保存' }))
    expect(bridge.hubCalls().some((c) => c.endpoint === 'platform.gateway.internal.create')).toBe(false)
  })
})
