// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { setErrorDetails } from '../api/hub'
import { behaviour } from '../behaviour'
import { renderWithProviders } from '../test/render'
import { resetState } from '../test/resetState'
import { ErrorBoundary } from './ErrorBoundary'

afterEach(async () => {
  vi.restoreAllMocks()
  behaviour.clear()
  await resetState()
})

function Broken(): never {
  throw new Error('render failed here')
}

describe('error boundary', () => {
  it("shows a message instead of a blank window and queues an 'error' event naming the component", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const track = vi.spyOn(behaviour, 'track')
    // The client error log is on (parameter error.log).
    setErrorDetails(true)
    renderWithProviders(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    )
    expect(screen.getByText('页面出错了')).toBeTruthy()
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy()
    expect(track).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', info: 'render failed here', vm: 'Broken' }))
  })
})
