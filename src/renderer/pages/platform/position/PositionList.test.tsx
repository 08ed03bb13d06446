// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { TreeNode } from '../../../../shared/contract/platform/admin/common'
import { POSITION_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { referenceStore } from '../../../state/reference'
import { sessionStore } from '../../../state/session'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderRegistryPage } from '../../../test/render'
import { resetState } from '../../../test/resetState'

afterEach(resetState)

const node = (id: string, name: string, children: TreeNode[] = []): TreeNode => ({ id, code: id.toUpperCase(), name, status: '1', parentId: null, children })

describe('positions page', () => {
  it('is a tree table under link model 1: children below their parent, add child opens the form under it', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.orgPosition.getPositionByOrgCodes': ok([node('lead', '主管', [node('acc', '会计')])]) } })
    sessionStore.set({ status: 'signedIn', permissions: [POSITION_PERMISSION] })
    referenceStore.set({ parameters: { 'user.link.model': '1' } })
    const user = userEvent.setup()
    renderRegistryPage('common', 'PositionList')
    const table = await screen.findByRole('table', { name: '岗位列表' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    const [, lead, acc] = within(table).getAllByRole('row')
    expect(lead!.textContent).toContain('主管')
    expect(acc!.textContent).toContain('会计')
    // Indented one level deeper than its parent.
    expect((within(acc!).getAllByRole('cell')[0]!.firstElementChild as HTMLElement).style.paddingLeft).toContain('* 1')
    expect(bridge.hubCalls().some((c) => c.endpoint === 'platform.position.list')).toBe(false)
    await user.click(within(lead!).getByRole('button', { name: '新增下级' }))
    const dialog = await screen.findByRole('dialog', { hidden: true })
    expect(within(dialog).getByText('新增岗位')).toBeTruthy()
  })

  it('is the paged list otherwise', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.position.list': ok({ content: [], totalElements: 0 }) } })
    sessionStore.set({ status: 'signedIn', permissions: [POSITION_PERMISSION] })
    referenceStore.set({ parameters: { 'user.link.model': '2' } })
    renderRegistryPage('common', 'PositionList')
    await waitFor(() => expect(bridge.hubCalls().some((c) => c.endpoint === 'platform.position.list')).toBe(true))
  })
})
