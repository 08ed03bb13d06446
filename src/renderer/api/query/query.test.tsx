import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { applicationDelete, applicationGet, applicationListAll } from '../../../shared/contract/platform/apps/applications'
import type { HubResult } from '../../../shared/envelope'
import { fail, installFakeBridge, ok } from '../../test/fakeBridge'
import { settle } from '../../test/settle'
import { onSignal, type ToastSignal } from '../signals'
import { invalidate } from './invalidation'
import { useHubMutation } from './useHubMutation'
import { useHubQuery } from './useHubQuery'

const app = (code: string) => ({ id: code, code, name: `app ${code}` })

/** A hub answer the test releases when it chooses, to put answers out of order. */
function deferred() {
  let release!: (r: HubResult<unknown>) => void
  const answer = new Promise<HubResult<unknown>>((r) => (release = r))
  return { answer, release }
}

/** What a page does with a query: names while they load, a spinner, the error in place. */
function Apps({ appType }: { appType: string }) {
  const { data, loading, error } = useHubQuery(applicationListAll, { appType })
  return (
    <div>
      {loading && <span>loading</span>}
      {error && <span role="alert">{error.message}</span>}
      <ul aria-label="apps">{(data ?? []).map((a) => <li key={a.id}>{a.name}</li>)}</ul>
    </div>
  )
}

function Remove() {
  const remove = useHubMutation(applicationDelete, { invalidates: [applicationListAll] })
  return (
    <button disabled={remove.pending} onClick={() => void remove.run({ id: 'a' })}>
      remove
    </button>
  )
}

function Other() {
  const { data } = useHubQuery(applicationGet, { id: 'b' })
  return <span>{data ? `got ${data.name}` : ''}</span>
}

const names = () => screen.queryAllByRole('listitem').map((li) => li.textContent)

describe('useHubQuery / useHubMutation', () => {
  it('shows the answer for the current parameters: a slower answer to older ones is dropped', async () => {
    const slow = deferred()
    const fast = deferred()
    installFakeBridge({ hub: { 'platform.application.listAll': (input) => ((input as { appType: string }).appType === '1' ? slow.answer : fast.answer) } })
    const { rerender } = render(<Apps appType="1" />)
    expect(screen.getByText('loading')).toBeTruthy()
    rerender(<Apps appType="2" />)
    await act(async () => fast.release(ok([app('two')])))
    await waitFor(() => expect(names()).toEqual(['app two']))
    expect(screen.queryByText('loading')).toBeNull()
    await act(async () => slow.release(ok([app('one')])))
    await settle()
    expect(names()).toEqual(['app two'])
  })

  it('a mutation refetches the queries of the endpoints it invalidates, and only those', async () => {
    let rows = [app('a'), app('b')]
    const bridge = installFakeBridge({
      hub: {
        'platform.application.listAll': () => ok(rows),
        'platform.application.get': ok(app('b')),
        'platform.application.delete': () => ((rows = rows.filter((r) => r.id !== 'a')), ok(null)),
      },
    })
    render(
      <>
        <Apps appType="1" />
        <Remove />
        <Other />
      </>,
    )
    await waitFor(() => expect(names()).toEqual(['app a', 'app b']))
    await screen.findByText('got app b')
    fireEvent.click(screen.getByRole('button', { name: 'remove' }))
    await waitFor(() => expect(names()).toEqual(['app b']))
    const asked = bridge.hubCalls().map((c) => c.endpoint)
    expect(asked.filter((e) => e === 'platform.application.listAll')).toHaveLength(2)
    expect(asked.filter((e) => e === 'platform.application.get')).toHaveLength(1)
  })

  it('a refused mutation refetches nothing', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.application.listAll': ok([app('a')]), 'platform.application.delete': fail('4090', '仍被使用') } })
    render(
      <>
        <Apps appType="1" />
        <Remove />
      </>,
    )
    await waitFor(() => expect(names()).toEqual(['app a']))
    fireEvent.click(screen.getByRole('button', { name: 'remove' }))
    await waitFor(() => expect(bridge.hubCalls().map((c) => c.endpoint)).toContain('platform.application.delete'))
    await settle()
    expect(bridge.hubCalls().filter((c) => c.endpoint === 'platform.application.listAll')).toHaveLength(1)
  })

  it('a failure is shown once, through the error policy, and the page keeps what it had', async () => {
    let answer: HubResult<unknown> = ok([app('a')])
    installFakeBridge({ hub: { 'platform.application.listAll': () => answer } })
    const toasts: ToastSignal[] = []
    const stop = onSignal('toast', (t) => toasts.push(t))
    function Page() {
      const [type, setType] = useState('1')
      const [, setClicks] = useState(0)
      return (
        <>
          <Apps appType={type} />
          <button onClick={() => setType('2')}>other type</button>
          <button onClick={() => setClicks((n) => n + 1)}>rerender</button>
        </>
      )
    }
    render(<Page />)
    await waitFor(() => expect(names()).toEqual(['app a']))
    answer = fail('5000', '系统错误')
    fireEvent.click(screen.getByRole('button', { name: 'other type' }))
    await screen.findByRole('alert')
    fireEvent.click(screen.getByRole('button', { name: 'rerender' }))
    await settle()
    stop()
    expect(toasts).toEqual([{ intent: 'error', message: '系统错误' }])
    expect(screen.getByRole('alert').textContent).toBe('系统错误')
    expect(names()).toEqual(['app a'])
  })

  it('an answer seeds what the user then edits: the current one only, and again after an invalidation', async () => {
    const slow = deferred()
    let name = 'first'
    installFakeBridge({ hub: { 'platform.application.get': (input) => ((input as { id: string }).id === 'old' ? slow.answer : ok(app(name))) } })
    function Editor({ id }: { id: string }) {
      const [draft, setDraft] = useState('')
      useHubQuery(applicationGet, { id }, { onLoaded: (a) => setDraft(a.name) })
      return <input aria-label="name" value={draft} onChange={(e) => setDraft(e.target.value)} />
    }
    const { rerender } = render(<Editor id="old" />)
    rerender(<Editor id="new" />)
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: 'name' })
    await waitFor(() => expect(box.value).toBe('app first'))
    fireEvent.change(box, { target: { value: 'typed' } })
    await act(async () => slow.release(ok(app('stale'))))
    await settle()
    expect(box.value).toBe('typed')
    name = 'saved'
    act(() => invalidate(applicationGet))
    await waitFor(() => expect(box.value).toBe('app saved'))
  })
})
