import { afterEach, beforeAll, vi } from 'vitest'
import { loadCatalogue } from '../i18n'
import { resetState } from './resetState'

/**
 * The console's test files share one jsdom and one module graph per worker (vitest.config.mts):
 * after each test, whatever it changed is put back, so no file sees another's leftovers.
 */
// The whole catalogues of both languages: a test of a view is not a test of when texts load
// (i18n/catalogue.test.ts is).
beforeAll(() => Promise.all([loadCatalogue('zh-CN'), loadCatalogue('en')]))

afterEach(async () => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  await resetState()
})
