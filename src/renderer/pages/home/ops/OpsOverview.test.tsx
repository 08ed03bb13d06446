// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { HOME_PERMISSION, type HomeData } from '../../../../shared/contract/ops/home'
import { sessionStore } from '../../../state/session'
import { fail, installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { settle } from '../../../test/settle'
import { OpsOverview } from './OpsOverview'

afterEach(resetState)

const HOME_DATA = 'platform.home.data'
const counts = { received: 12, delivered: 10, failed: 1, retrying: 2 }
const answer: HomeData = {
  at: '2026-11-25T09:00:00.000Z',
  cards: [],
  series: { hour: [], day: [], week: [] },
  totals: counts,
  mostFailing: [],
  oldestBacklog: [],
  runs: { list: [], byState: {} },
  alarms: { open: 0, list: [] },
}

describe('the home overview and the home data permission', () => {
  it('a role without the permission is not shown the overview, and nothing is asked', async () => {
    sessionStore.set({ permissions: ['dashboard'] })
    const bridge = installFakeBridge({ hub: { [HOME_DATA]: ok(answer) } })
    renderWithProviders(<OpsOverview charts={false} />)
    // What the render set in motion has run its course: a call would have been made by now.
    await settle()
    expect(bridge.hubCalls().filter((c) => c.endpoint === HOME_DATA)).toEqual([])
    expect(screen.queryByText('正在加载交换数据…')).toBeNull()
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.queryByRole('region', { name: '交换概览' })).toBeNull()
  })

  it('a refusal from the hub (roles changed since sign-in) is said in place of the figures, not a spinner forever', async () => {
    sessionStore.set({ permissions: [HOME_PERMISSION] })
    installFakeBridge({ hub: { [HOME_DATA]: fail('4031', '您没有访问该功能的权限') } })
    renderWithProviders(<OpsOverview charts={false} />)
    expect(await screen.findByText('您没有访问该功能的权限')).toBeTruthy()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('with the permission the figures are shown', async () => {
    sessionStore.set({ permissions: [HOME_PERMISSION] })
    installFakeBridge({ hub: { [HOME_DATA]: ok(answer) } })
    renderWithProviders(<OpsOverview charts={false} />)
    await waitFor(() => expect(screen.getByTestId('home-total-received').textContent).toBe('12'))
    expect(screen.getByTestId('home-total-failed').textContent).toBe('1')
  })
})
