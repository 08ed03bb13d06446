import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { catalogueShown } from '../i18n'
import { loadChunk } from './loadChunk'

export { CHUNK_TIMEOUT_MS, ChunkLoadError, chunkFailureOf, loadChunk, type ChunkFailure } from './loadChunk'

/**
 * React.lazy over loadChunk: the component's chunk fails as the spec names it. It renders once
 * the shown language's whole catalogue is there too: the first frame carries only the login
 * view's texts (i18n/loginTexts.ts), and every lazily loaded view may use any namespace.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyChunk<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyExoticComponent<C> {
  return lazy(async () => (await Promise.all([loadChunk(load), catalogueShown()]))[0])
}
