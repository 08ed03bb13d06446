// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { me } from '../../shared/contract/platform/session'
import { callHub, hubReachability } from '../api/hub'
import { onSignal } from '../api/signals'
import { fail, installFakeBridge, ok } from '../test/fakeBridge'
import { renderWithProviders } from '../test/render'
import { resetState } from '../test/resetState'
import { HubUnreachableBanner } from './HubUnreachableBanner'
import Shell from './Shell'

const UNREACHABLE = fail('5030', '无法连接到数据中心服务，请检查网络或服务地址')
const HEALTHY = ok({ version: '0.1.0', store: 'sqlite', uptimeSeconds: 5 })

afterEach(async () => {
  hubReachability.set({ unreachable: false, message: '' })
  vi.restoreAllMocks()
  await resetState()
})

describe('unreachable-hub banner', () => {
  it('is hidden while the hub answers, shown with the reason after a 5030, hidden again once the hub answers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const bridge = installFakeBridge({ hub: { 'platform.me': UNREACHABLE, 'hub.health': UNREACHABLE } })
    renderWithProviders(<HubUnreachableBanner recheckMs={0} />)
    expect(screen.queryByText('无法连接数据中心')).toBeNull()

    await act(() => callHub(me, undefined, { quiet: true }))
    expect(screen.getByText('无法连接数据中心')).toBeTruthy()
    expect(screen.getByText('无法连接到数据中心服务，请检查网络或服务地址')).toBeTruthy()

    // Retry while the hub is still away: the health endpoint is asked, the banner stays.
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: '重试' }))
    expect(bridge.hubCalls().map((c) => c.endpoint)).toEqual(['platform.me', 'hub.health'])
    expect(screen.getByText('无法连接数据中心')).toBeTruthy()

    bridge.hub['hub.health'] = HEALTHY
    await user.click(screen.getByRole('button', { name: '重试' }))
    await waitFor(() => expect(screen.queryByText('无法连接数据中心')).toBeNull())
  })

  it('also disappears when any page call gets an answer from the hub, even a refusal', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const bridge = installFakeBridge({ hub: { 'platform.me': UNREACHABLE } })
    renderWithProviders(<HubUnreachableBanner recheckMs={0} />)
    await act(() => callHub(me, undefined, { quiet: true }))
    expect(screen.getByTestId('hub-unreachable')).toBeTruthy()
    bridge.hub['platform.me'] = fail('4040', '数据不存在')
    await act(() => callHub(me, undefined, { quiet: true }))
    expect(screen.queryByTestId('hub-unreachable')).toBeNull()
  })

  it('re-checks by itself while shown', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const bridge = installFakeBridge({ hub: { 'platform.me': UNREACHABLE, 'hub.health': HEALTHY } })
    renderWithProviders(<HubUnreachableBanner recheckMs={20} />)
    await act(() => callHub(me, undefined, { quiet: true }))
    await waitFor(() => expect(screen.queryByTestId('hub-unreachable')).toBeNull())
    expect(bridge.hubCalls().some((c) => c.endpoint === 'hub.health')).toBe(true)
  })

  it('is not shown for a page running without the desktop bridge (a browser preview, not a hub gone away)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderWithProviders(<HubUnreachableBanner recheckMs={0} />)
    const r = await act(() => callHub(me, undefined, { quiet: true }))
    expect(r).toMatchObject({ ok: false, code: '5030' })
    expect(screen.queryByTestId('hub-unreachable')).toBeNull()
  })

  it('toasts the first 5030 only; later ones are already said by the banner', async () => {
    installFakeBridge({ hub: { 'platform.me': UNREACHABLE } })
    const toasts: string[] = []
    const off = onSignal('toast', (t) => toasts.push(t.message))
    await callHub(me)
    await callHub(me)
    off()
    expect(toasts).toEqual(['无法连接到数据中心服务，请检查网络或服务地址'])
  })

  it('sits in the shell beside the page: the page stays mounted while it comes and goes', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const bridge = installFakeBridge({ signedIn: true, hub: { 'platform.me': UNREACHABLE } })
    renderWithProviders(<Shell />, '/no/such/page')
    const main = await screen.findByRole('main')
    // The page itself, not the spinner its lazy chunk shows while it loads (slow on a busy machine).
    await screen.findByRole('heading', { name: '页面不存在' }, { timeout: 10_000 })
    const page = main.lastElementChild
    await act(() => callHub(me, undefined, { quiet: true }))
    expect(await screen.findByTestId('hub-unreachable')).toBeTruthy()
    bridge.hub['platform.me'] = ok({})
    await act(() => callHub(me, undefined, { quiet: true }))
    expect(screen.queryByTestId('hub-unreachable')).toBeNull()
    expect(screen.getByRole('main')).toBe(main)
    expect(main.lastElementChild).toBe(page)
  })
})
