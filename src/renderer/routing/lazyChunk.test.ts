import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from './lazyChunk'

afterEach(() => {
  vi.useRealTimers()
})

describe('loading a chunk', () => {
  it('fails as ChunkLoadError when the chunk has not arrived after 120 s, not before', async () => {
    vi.useFakeTimers()
    const failed = vi.fn()
    loadChunk(() => new Promise(() => {})).catch(failed)
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1)
    expect(failed).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ name: 'ChunkLoadError', code: 'ChunkLoadError' }))
    expect(CHUNK_TIMEOUT_MS).toBe(120_000)
  })

  it('names a script that failed ChunkLoadError and a style sheet that failed CSS_CHUNK_LOAD_FAILED', async () => {
    const script = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: ./Page.js'))).catch((e: unknown) => e)
    expect(script).toBeInstanceOf(ChunkLoadError)
    expect(script).toMatchObject({ code: 'ChunkLoadError' })
    // Vite's preload helper, for the chunk's CSS.
    const css = await loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/Page-x1.css'))).catch((e: unknown) => e)
    expect(css).toMatchObject({ name: 'ChunkLoadError', code: 'CSS_CHUNK_LOAD_FAILED' })
  })

  it('gives the module when it loads, and leaves no timer behind', async () => {
    vi.useFakeTimers()
    await expect(loadChunk(() => Promise.resolve({ default: 'page' }))).resolves.toEqual({ default: 'page' })
    expect(vi.getTimerCount()).toBe(0)
  })
})
