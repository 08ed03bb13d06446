// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { makeConsumer, makeTopic, stubViewport } from '../../../test/datahub'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { rowFromTopic } from './flowRow'
import { FlowList } from './FlowList'

let restoreViewport: () => void
beforeEach(() => {
  restoreViewport = stubViewport(800)
})
afterEach(async () => {
  restoreViewport()
  await resetState()
})

// 2,000 topics with one to three consumers each.
const rows = Array.from({ length: 2000 }, (_, i) =>
  rowFromTopic(
    makeTopic({
      id: `t${i}`,
      code: `topic-${i}`,
      name: `主题 ${i}`,
      dhConsumers: Array.from({ length: (i % 3) + 1 }, (_, j) => makeConsumer({ id: `c${i}-${j}`, applicationName: `App ${i}-${j}` })),
    }),
  ),
)
const mountedRows = () => screen.getAllByRole('article')
const mountedDiagrams = () => document.querySelectorAll('.react-flow').length

describe('virtualised flow list', () => {
  it('mounts only the rows in view (and their diagrams), not 2,000', async () => {
    renderWithProviders(<FlowList rows={rows} detailed={new Set()} onDetailChange={() => {}} label="消息主题流程" />)
    await waitFor(() => expect(mountedDiagrams()).toBeGreaterThan(0))
    expect(mountedRows().length).toBeLessThanOrEqual(12)
    expect(mountedDiagrams()).toBe(mountedRows().length)
    expect(mountedRows()[0]!.getAttribute('aria-setsize')).toBe('2000')
  })

  it('scrolling far down swaps the mounted rows; the count stays bounded', async () => {
    renderWithProviders(<FlowList rows={rows} detailed={new Set()} onDetailChange={() => {}} label="消息主题流程" />)
    const feed = screen.getByRole('feed', { name: '消息主题流程' })
    await act(async () => {
      feed.scrollTop = 250_000
      fireEvent.scroll(feed)
    })
    await waitFor(() => expect(screen.queryByRole('article', { name: /主题 0（/ })).toBeNull())
    const positions = mountedRows().map((r) => Number(r.getAttribute('aria-posinset')))
    expect(Math.min(...positions)).toBeGreaterThan(500)
    expect(mountedRows().length).toBeLessThanOrEqual(12)
    await waitFor(() => expect(mountedDiagrams()).toBe(mountedRows().length))
  })
})
