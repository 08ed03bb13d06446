// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Org } from '../../../../shared/contract/platform/admin/orgs'
import { ORG_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { sessionStore } from '../../../state/session'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import OrgListPage from './OrgListPage'

afterEach(resetState)

const org = (id: string, name: string, parentId = ''): Org => ({
  id,
  orgCode: id.toUpperCase(),
  orgName: name,
  orgType: '',
  city: '上海',
  sort: 0,
  managerId: '',
  managerName: '',
  parentId,
  parentName: parentId ? '集团' : '',
  status: '1',
  updatedDate: '',
})
const tree = [{ id: 'g', code: 'G', name: '集团', status: '1', parentId: null, children: [{ id: 'd', code: 'D', name: '研发部', status: '1', parentId: 'g', children: [] }] }]

describe('organisation tree screen', () => {
  it('filters the tree by keyword, shows the chosen organisation and never offers to delete a root', async () => {
    sessionStore.set({ status: 'signedIn', permissions: [ORG_PERMISSION] })
    const bridge = installFakeBridge({
      hub: {
        'platform.org.listTree': ok(tree),
        'platform.org.getOrganizationById': (input) => ok((input as { id: string }).id === 'g' ? org('g', '集团') : org('d', '研发部', 'g')),
        'platform.position.getPositionListByOrgCode': ok([]),
        'platform.orgPosition.getPositionByOrgCodes': ok([]),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<OrgListPage />)
    const list = await screen.findByRole('list', { name: '组织树' })
    await waitFor(() => expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['集团', '研发部']))
    await user.type(screen.getByRole('textbox', { name: '组织名称或编码' }), '研发')
    await user.click(screen.getByRole('button', { name: '查询' }))
    await waitFor(() => expect(bridge.hubCalls().filter((c) => c.endpoint === 'platform.org.listTree').at(-1)!.input).toEqual({ orgName: '研发' }))

    await user.click(within(list).getByRole('button', { name: '集团' }))
    const detail = screen.getByRole('region', { name: '组织详情' })
    await within(detail).findByText('G')
    expect((within(detail).getByRole('button', { name: '删除' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(within(list).getByRole('button', { name: '研发部' }))
    await within(detail).findByText('D')
    expect((within(detail).getByRole('button', { name: '删除' }) as HTMLButtonElement).disabled).toBe(false)
    expect(within(detail).getByText('集团')).toBeTruthy()
  })

  it('shows no editing buttons without the organisation permission', async () => {
    sessionStore.set({ status: 'signedIn', permissions: [] })
    installFakeBridge({ hub: { 'platform.org.listTree': ok(tree), 'platform.org.getOrganizationById': ok(org('g', '集团')), 'platform.position.getPositionListByOrgCode': ok([]), 'platform.orgPosition.getPositionByOrgCodes': ok([]) } })
    const user = userEvent.setup()
    renderWithProviders(<OrgListPage />)
    const list = await screen.findByRole('list', { name: '组织树' })
    await user.click(await within(list).findByRole('button', { name: '集团' }))
    await screen.findByText('G')
    expect(screen.queryByRole('button', { name: '新增组织' })).toBeNull()
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull()
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull()
  })
})
