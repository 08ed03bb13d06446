import { afterEach, vi } from 'vitest'
import { resetState } from './resetState'

/**
 * The console's test files share one jsdom and one module graph per worker (vitest.config.mts):
 * after each test, whatever it changed is put back, so no file sees another's leftovers.
 */
afterEach(async () => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  await resetState()
})
