// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { loadAppInfo } from '../../state/appInfo'
import { installFakeBridge } from '../../test/fakeBridge'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import LoginPage from './LoginPage'

afterEach(resetState)

describe('login page notices', () => {
  it('fake bridge: shows the first-start admin password once, until dismissed, and the keychain warning', async () => {
    installFakeBridge({ appInfo: { vault: 'memory', bootstrapPassword: 'Xy7#pw-initial' } })
    await loadAppInfo()
    const user = userEvent.setup()
    renderWithProviders(<LoginPage />, '/login')
    expect(screen.getByTestId('bootstrap-password').textContent).toBe('Xy7#pw-initial')
    expect(screen.getByText('系统钥匙串不可用：登录状态仅在本次运行期间保留')).toBeTruthy()
    expect(screen.getByText('数据中心：内置数据中心')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '关闭提示' }))
    expect(screen.queryByTestId('bootstrap-password')).toBeNull()
  })

  it('without the desktop bridge the form still renders and says the bridge is unavailable', async () => {
    await loadAppInfo()
    renderWithProviders(<LoginPage />, '/login')
    expect(screen.getByLabelText(/^密码/)).toBeTruthy()
    expect(screen.getByText(/桌面应用通道不可用/)).toBeTruthy()
  })
})
