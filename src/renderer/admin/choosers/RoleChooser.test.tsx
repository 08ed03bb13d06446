// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { installFakeBridge, ok } from '../../test/fakeBridge'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { RoleChooser } from './RoleChooser'

afterEach(resetState)

const role = { id: 'r1', roleCode: 'ops', roleName: '运维', roleType: '', isSys: '0', status: '1', updatedDate: '' }

describe('role chooser', () => {
  it('pages by 20 with the spec sizes, filters by name, saves the ticked roles and jumps to authorisation', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.role.query': ok({ content: [role], totalElements: 1 }) } })
    const onSave = vi.fn()
    const onAuthorise = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<RoleChooser onSave={onSave} onAuthorise={onAuthorise} />)
    await user.click(await screen.findByRole('checkbox', { name: '运维' }))
    expect(bridge.hubCalls()[0]!.input).toEqual({ pageNum: 1, pageSize: 20 })
    expect(Array.from((screen.getByRole('combobox', { name: '每页条数' }) as HTMLSelectElement).options).map((o) => o.value)).toEqual(['2', '5', '10', '20', '30', '40'])
    await user.type(screen.getByRole('textbox', { name: '角色名称' }), '运')
    await waitFor(() => expect(bridge.hubCalls().at(-1)!.input).toEqual({ pageNum: 1, pageSize: 20, roleName: '运' }))
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(onSave).toHaveBeenCalledWith([role])
    await user.click(screen.getByRole('button', { name: '授权' }))
    expect(onAuthorise).toHaveBeenCalledWith(role)
  })

  it('asks before paging away from an unsaved selection: yes saves it; the page changes either way', async () => {
    const roleOf = (n: number) => ({ ...role, id: `r${n}`, roleCode: `role${n}`, roleName: `角色${n}` })
    const bridge = installFakeBridge({
      hub: { 'platform.role.query': (input) => ok({ content: [roleOf((input as { pageNum: number }).pageNum)], totalElements: 60 }) },
    })
    const onSave = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<RoleChooser onSave={onSave} />)
    await user.click(await screen.findByRole('checkbox', { name: '角色1' }))
    await user.click(screen.getByRole('button', { name: '第 2 页' }))
    expect(await screen.findByText('当前选中数据未保存，是否保存')).toBeTruthy()
    await user.click(await screen.findByRole('button', { name: '确定', hidden: true }))
    expect(onSave).toHaveBeenCalledWith([roleOf(1)])
    await screen.findByRole('checkbox', { name: '角色2' })
    expect(bridge.hubCalls().at(-1)!.input).toMatchObject({ pageNum: 2 })
  })
})
