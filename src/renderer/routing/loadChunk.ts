/**
 * Spec part 1 §2: a script chunk that has not loaded after 120 s fails as `ChunkLoadError`, a
 * style sheet chunk as `CSS_CHUNK_LOAD_FAILED`; the error boundary shows either as a translated
 * message with a reload, never a blank page (components/ErrorBoundary.tsx).
 */
export const CHUNK_TIMEOUT_MS = 120_000

export type ChunkFailure = 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED'

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError'
  constructor(
    readonly code: ChunkFailure,
    override readonly cause: unknown,
  ) {
    super(code === 'CSS_CHUNK_LOAD_FAILED' ? 'a style sheet chunk did not load' : 'a script chunk did not load')
  }
}

/** Vite's preload helper rejects a failed style sheet with "Unable to preload CSS for …". */
const isCssFailure = (err: unknown): boolean => err instanceof Error && /preload CSS/i.test(err.message)

/** The chunk `load` imports, or a ChunkLoadError when it fails or has not arrived in time. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('ChunkLoadError', new Error(`no answer in ${timeoutMs} ms`))), timeoutMs)
    load().then(
      (module) => {
        clearTimeout(timer)
        resolve(module)
      },
      (err: unknown) => {
        clearTimeout(timer)
        reject(new ChunkLoadError(isCssFailure(err) ? 'CSS_CHUNK_LOAD_FAILED' : 'ChunkLoadError', err))
      },
    )
  })
}

export const chunkFailureOf = (err: unknown): ChunkFailure | null => (err instanceof ChunkLoadError ? err.code : null)
