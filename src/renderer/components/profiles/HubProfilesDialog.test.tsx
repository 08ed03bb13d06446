// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { HubProfile } from '../../../shared/ipc'
import { installFakeBridge } from '../../test/fakeBridge'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { HubProfilesDialog } from './HubProfilesDialog'

afterEach(resetState)

const profiles: HubProfile[] = [
  { id: 'embedded', name: 'Embedded hub', kind: 'embedded' },
  { id: 'p1', name: '生产', kind: 'remote', baseUrl: 'https://hub.example.com' },
]

describe('hub connections dialog (fake bridge)', () => {
  it('marks the current profile, offers no edit/remove for the embedded hub, and shows test results', async () => {
    installFakeBridge({
      channels: {
        'profiles.list': () => ({ profiles, currentId: 'p1', policy: { locked: false, error: null } }),
        'profiles.test': () => ({ ok: false, message: '无法连接数据中心（ECONNREFUSED）' }),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<HubProfilesDialog open onClose={() => {}} />)
    expect(await screen.findByText('https://hub.example.com')).toBeTruthy()
    expect(screen.getByText('当前')).toBeTruthy()
    expect(screen.getByRole('button', { name: '切换到 内置数据中心' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '删除 内置数据中心' })).toBeNull()
    expect(screen.queryByRole('button', { name: '编辑 内置数据中心' })).toBeNull()
    expect(screen.queryByRole('button', { name: '切换到 生产' })).toBeNull()
    await user.click(screen.getByRole('button', { name: '测试 生产' }))
    expect(await screen.findByText('无法连接数据中心（ECONNREFUSED）')).toBeTruthy()
  })

  it('checks the fields on blur and shows the main process refusal on its field', async () => {
    const bridge = installFakeBridge({
      channels: {
        'profiles.list': () => ({ profiles, currentId: 'embedded', policy: { locked: false, error: null } }),
        'profiles.save': () => ({ ok: false, field: 'name', message: '名称已被拒绝' }),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<HubProfilesDialog open onClose={() => {}} />)
    await user.click(await screen.findByRole('button', { name: '添加连接' }))
    await user.type(screen.getByLabelText('数据中心地址'), 'ftp://x')
    await user.click(screen.getByLabelText('连接名称'))
    expect(await screen.findByText(/请输入 http:\/\/ 或 https:\/\/ 地址/)).toBeTruthy()
    await user.clear(screen.getByLabelText('数据中心地址'))
    await user.type(screen.getByLabelText('数据中心地址'), 'https://hub2.example.com/')
    await user.type(screen.getByLabelText('连接名称'), '测试环境')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('名称已被拒绝')).toBeTruthy()
    await waitFor(() => expect(bridge.calls.find((c) => c.channel === 'profiles.save')?.payload).toEqual({ name: '测试环境', baseUrl: 'https://hub2.example.com' }))
  })

  it("shows IT's managed hubs as such: no edit or remove, no adding under a lock, and a policy file that was not applied", async () => {
    const managed: HubProfile[] = [{ id: 'corp', name: '集团数据中心', kind: 'remote', baseUrl: 'https://hub.corp.example', managed: true }]
    installFakeBridge({ channels: { 'profiles.list': () => ({ profiles: managed, currentId: 'corp', policy: { locked: true, error: null } }) } })
    const { unmount } = renderWithProviders(<HubProfilesDialog open onClose={() => {}} />)
    expect(await screen.findByText('组织管理')).toBeTruthy()
    expect(screen.getByText('数据中心连接由组织统一设置，不能添加其他连接。')).toBeTruthy()
    expect(screen.getByRole('button', { name: '测试 集团数据中心' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '编辑 集团数据中心' })).toBeNull()
    expect(screen.queryByRole('button', { name: '删除 集团数据中心' })).toBeNull()
    expect(screen.queryByRole('button', { name: '添加连接' })).toBeNull()
    unmount()

    installFakeBridge({ channels: { 'profiles.list': () => ({ profiles, currentId: 'embedded', policy: { locked: false, error: '/etc/datahub-console/policy.json: lockProfiles: locking needs at least one profile' } }) } })
    renderWithProviders(<HubProfilesDialog open onClose={() => {}} />)
    expect(await screen.findByText(/组织配置文件未生效：\/etc\/datahub-console\/policy\.json/)).toBeTruthy()
    expect(screen.getByRole('button', { name: '添加连接' })).toBeTruthy()
  })
})
