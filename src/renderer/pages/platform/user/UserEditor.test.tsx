// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { USER_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { sessionStore } from '../../../state/session'
import { findModal } from '../../../test/dialogs'
import { fail, installFakeBridge, ok, type FakeHubHandler } from '../../../test/fakeBridge'
import { makeEmployee } from '../../../test/fixtures'
import { renderRegistryPage } from '../../../test/render'
import { resetState } from '../../../test/resetState'

configure({ asyncUtilTimeout: 8000 })
afterEach(resetState)

const H = { hidden: true } as const

const gwen = makeEmployee({ id: 'u1', username: 'gwen2024', nickName: 'Gwen', employeeNo: 'HR-0042', updatedDate: '2025-01-01T00:00:00.000Z' })

function open(hub: Record<string, FakeHubHandler>) {
  sessionStore.set({ status: 'signedIn', permissions: [USER_PERMISSION] })
  const bridge = installFakeBridge({
    hub: {
      'platform.employee.query': ok({ content: [gwen], totalElements: 1 }),
      // What the form's organisation, position and proxy user choosers ask for.
      'platform.org.selectAsOrgTree': ok([]),
      'platform.orgPosition.getPositionByOrgCodes': ok([]),
      'platform.user.query': ok({ content: [], totalElements: 0 }),
      ...hub,
    },
  })
  renderRegistryPage('common', 'UserList')
  return bridge
}
const sent = (bridge: ReturnType<typeof installFakeBridge>, endpoint: string) => bridge.hubCalls().filter((c) => c.endpoint === endpoint).at(-1)?.input as Record<string, unknown> | undefined

describe('user editor: employee number (issue 17)', () => {
  it('sends the employee number a new user is given', async () => {
    const bridge = open({ 'platform.employee.create': (input) => ok({ ...gwen, ...(input as object), id: 'u2' }) })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: '新增用户' }))
    const dialog = await findModal()
    await user.type(within(dialog).getByRole('textbox', { ...H, name: '用户名' }), 'henry2024')
    await user.type(within(dialog).getByRole('textbox', { ...H, name: '昵称' }), 'Henry')
    await user.type(within(dialog).getByLabelText('密码', { selector: 'input' }), 'Emp#Pass12')
    await user.type(within(dialog).getByRole('textbox', { ...H, name: '工号' }), ' HR-0050 ')
    await user.click(within(dialog).getByRole('button', { ...H, name: '保存' }))
    await waitFor(() => expect(sent(bridge, 'platform.employee.create')).toMatchObject({ username: 'henry2024', employeeNo: 'HR-0050' }))
  })

  it("shows a user's employee number when editing, sends the changed one, and keeps the form when another user has it", async () => {
    let attempts = 0
    const bridge = open({
      'platform.employee.update': (input) => {
        attempts += 1
        return attempts === 1 ? fail('4090', '该工号已被其他用户使用') : ok({ ...gwen, ...(input as object) })
      },
    })
    const user = userEvent.setup()
    const table = await screen.findByRole('table')
    const row = await within(table).findByRole('row', { name: /gwen2024/ })
    await user.click(within(row).getByRole('button', { name: '编辑' }))
    const dialog = await findModal()
    const field = within(dialog).getByRole('textbox', { ...H, name: '工号' }) as HTMLInputElement
    expect(field.value).toBe('HR-0042')
    await user.clear(field)
    await user.type(field, 'HR-0001')
    await user.click(within(dialog).getByRole('button', { ...H, name: '保存' }))
    expect(await within(dialog).findByText('该工号已被其他用户使用')).toBeTruthy()
    expect(sent(bridge, 'platform.employee.update')).toMatchObject({ id: 'u1', employeeNo: 'HR-0001' })
    expect((within(dialog).getByRole('textbox', { ...H, name: '工号' }) as HTMLInputElement).value).toBe('HR-0001')
    await user.clear(field)
    await user.type(field, 'HR-0043')
    await user.click(within(dialog).getByRole('button', { ...H, name: '保存' }))
    await waitFor(() => expect(attempts).toBe(2))
    expect(sent(bridge, 'platform.employee.update')).toMatchObject({ id: 'u1', employeeNo: 'HR-0043' })
  })
})
