// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Suspense } from 'react'
import { screen } from '@testing-library/react'
import { setErrorDetails } from '../api/hub'
import { behaviour } from '../behaviour'
import { renderWithProviders } from '../test/render'
import { resetState } from '../test/resetState'
import { i18n } from '../i18n'
import { lazyChunk } from '../routing/lazyChunk'
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

  it('says a chunk did not load, with its spec code and a reload, instead of a blank page (zh-CN and en)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const Missing = lazyChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: ./Gone.js')))
    const view = renderWithProviders(
      <ErrorBoundary>
        <Suspense fallback={null}>
          <Missing />
        </Suspense>
      </ErrorBoundary>,
    )
    expect(await screen.findByText('页面文件未能加载')).toBeTruthy()
    expect(screen.getByText(/ChunkLoadError/)).toBeTruthy()
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy()
    view.unmount()
    await i18n.changeLanguage('en')
    const MissingStyles = lazyChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/Gone.css')))
    renderWithProviders(
      <ErrorBoundary>
        <Suspense fallback={null}>
          <MissingStyles />
        </Suspense>
      </ErrorBoundary>,
    )
    expect(await screen.findByText('Part of the console did not load')).toBeTruthy()
    expect(screen.getByText(/CSS_CHUNK_LOAD_FAILED/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy()
  })
})
