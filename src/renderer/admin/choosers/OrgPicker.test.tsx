// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { TreeNode } from '../../../shared/contract/platform/admin/common'
import { installFakeBridge, ok } from '../../test/fakeBridge'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { OrgPicker } from './OrgPicker'

afterEach(resetState)

const node = (id: string, name: string, children: TreeNode[] = []): TreeNode => ({ id, code: id.toUpperCase(), name, status: '1', parentId: null, children })
const tree = [node('g', '集团', [node('fin', '财务部'), node('rd', '研发部', [node('qa', '测试组')])])]

describe('organisation picker', () => {
  it('filters by keyword keeping the path, keeps choices across filters, and confirms the chosen nodes', async () => {
    installFakeBridge({ hub: { 'platform.org.selectAsOrgTree': ok(tree) } })
    const onConfirm = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<OrgPicker onConfirm={onConfirm} />)
    const group = await screen.findByRole('group', { name: '组织树' })
    await user.click(await within(group).findByRole('checkbox', { name: '财务部' }))
    await user.type(screen.getByRole('textbox', { name: '组织名称或编码' }), '测试')
    await user.click(screen.getByRole('button', { name: '查询' }))
    expect(within(group).getAllByRole('checkbox').map((c) => c.closest('div')!.textContent)).toEqual(['集团', '研发部', '测试组'])
    await user.click(within(group).getByRole('checkbox', { name: '测试组' }))
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(onConfirm.mock.calls[0]![0].map((n: { id: string }) => n.id).sort()).toEqual(['fin', 'qa'])
  })
})
