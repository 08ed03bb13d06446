import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * Two projects. The console's tests share one jsdom and one module graph per worker
 * (isolate: false): loading jsdom, Fluent UI and i18next again for each of ~60 files was most of
 * the suite's time. What a file leaves behind (mounted trees, module stores, timers, spies) is
 * put back after every test by src/renderer/test/setup.ts. Hub, main-process and cross-process
 * tests run under Node, each file in its own module graph.
 */
const shared = {
  // Sized for a loaded two-core machine (npm run test:stress): the longest dialog tests took
  // 60 s there. A slow test is not a failing one; a hung one still fails. Files do not lower it.
  testTimeout: 120_000,
  hookTimeout: 60_000,
}

export default defineConfig({
  plugins: [react()],
  test: {
    // Two cores: keep the PostgreSQL- and keychain-backed suites from starving each other.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'console',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['tests/support/vitestSetup.ts', 'src/renderer/test/setup.ts'],
          ...shared,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'tests/packaging/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
          exclude: ['src/renderer/**'],
          environment: 'node',
          setupFiles: ['tests/support/vitestSetup.ts', 'tests/support/readerLanguage.ts'],
          ...shared,
        },
      },
    ],
  },
})
