import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { applicationListAll } from '../../../shared/contract/platform/apps/applications'
import type { HubResult } from '../../../shared/envelope'
import { fail, installFakeBridge, ok } from '../../test/fakeBridge'
import { settle } from '../../test/settle'
import { onSignal, type ToastSignal } from '../signals'
import { AUTO_REFRESH_MS } from './autoRefresh'
import { useHubQuery } from './useHubQuery'

const app = (code: string) => ({ id: code, code, name: `app ${code}` })
const names = () => screen.queryAllByRole('listitem').map((li) => li.textContent)

/** A list refreshed as the message log is: every AUTO_REFRESH_MS, held while rows are picked. */
function List({ spinnerSeen }: { spinnerSeen: () => void }) {
  const [picked, setPicked] = useState(false)
  const { data, loading } = useHubQuery(applicationListAll, { appType: '1' }, { refreshEvery: AUTO_REFRESH_MS, paused: picked })
  if (loading && data) spinnerSeen()
  return (
    <div>
      <ul aria-label="apps">{(data ?? []).map((a) => <li key={a.id}>{a.name}</li>)}</ul>
      <label>
        <input type="checkbox" checked={picked} onChange={(e) => setPicked(e.target.checked)} /> pick
      </label>
      <input aria-label="filter" />
    </div>
  )
}

describe('auto-refresh of loaded lists (spec part 2 §9: after 10 seconds)', () => {
  let answer: HubResult<unknown>
  let calls = 0
  let spinners = 0
  const toasts: ToastSignal[] = []
  let stopToasts = () => {}
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    answer = ok([app('a')])
    calls = 0
    spinners = 0
    toasts.length = 0
    installFakeBridge({ hub: { 'platform.application.listAll': () => (calls++, answer) } })
    stopToasts = onSignal('toast', (t) => toasts.push(t))
  })
  afterEach(() => {
    stopToasts()
    vi.useRealTimers()
  })
  const tick = async (ms = AUTO_REFRESH_MS) => {
    await act(async () => void vi.advanceTimersByTime(ms))
    await settle()
  }
  const mount = async () => {
    render(<List spinnerSeen={() => spinners++} />)
    await waitFor(() => expect(names()).toEqual(['app a']))
  }

  it('asks again after 10 s and shows the new rows without a loading state', async () => {
    await mount()
    answer = ok([app('a'), app('b')])
    await tick(AUTO_REFRESH_MS - 1)
    expect(calls).toBe(1)
    await tick(1)
    await waitFor(() => expect(names()).toEqual(['app a', 'app b']))
    expect(calls).toBe(2)
    expect(spinners).toBe(0)
  })

  it('a background refresh that fails shows no toast and keeps the rows', async () => {
    await mount()
    answer = fail('5000', '系统错误')
    await tick()
    expect(calls).toBe(2)
    expect(toasts).toEqual([])
    expect(names()).toEqual(['app a'])
  })

  it('waits while rows are picked, and while the user types in a field', async () => {
    await mount()
    fireEvent.click(screen.getByRole('checkbox', { name: 'pick' }))
    await tick()
    expect(calls).toBe(1)
    fireEvent.click(screen.getByRole('checkbox', { name: 'pick' }))
    screen.getByRole('textbox', { name: 'filter' }).focus()
    await tick()
    expect(calls).toBe(1)
    screen.getByRole('textbox', { name: 'filter' }).blur()
    await tick()
    expect(calls).toBe(2)
  })
})
