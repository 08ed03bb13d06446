import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * Four projects; what sets them apart is how much each file may share with the next.
 *
 * Loading a module graph is most of a file's cost: jsdom, Fluent UI and i18next for a console
 * test; fastify, kysely, the contract and every route for a hub test. Files that leave nothing
 * behind share one module graph per worker (isolate: false), so a worker loads the hub once, not
 * once per file (issue 35: about half of vitest's time was each node file re-importing the hub).
 *
 * - console: the renderer's tests in one jsdom per worker; src/renderer/test/setup.ts puts back
 *   what a test leaves (mounted trees, module stores, timers, spies).
 * - node: hub, main-process and cross-process tests that start what they use and close it.
 * - isolated: files that change the process itself (module mocks, process.env, the working
 *   directory, fake timers across a file), each in its own module graph as before.
 */
const shared = {
  // Sized for a loaded two-core machine (npm run test:stress): the longest dialog tests took
  // 60 s there. A slow test is not a failing one; a hung one still fails. Files do not lower it.
  testTimeout: 120_000,
  hookTimeout: 60_000,
}

/** Files that change the process for whoever runs after them in the same worker. */
const changesTheProcess = [
  'src/main/services/hubProxy.paths.test.ts',
  'src/main/embeddedHub.test.ts',
  'tests/packaging/*.test.ts',
  'tests/integration/runtime/excelConsumers.test.ts',
  'tests/integration/runtime/sftpReplace.test.ts',
  'tests/integration/runtime/fetch/ldap.test.ts',
  'tests/integration/runtime/fileLocations.test.ts',
  'tests/integration/alarms/producerRuns.test.ts',
  'tests/integration/schedule/*.test.ts',
  'tests/integration/main/tokenVault.test.ts',
  'tests/integration/main/hubProxy.test.ts',
  'tests/integration/promotion/promotion.test.ts',
  'tests/security/loginLockout.test.ts',
]

const nodeFiles = ['src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'tests/packaging/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/architecture/**/*.test.ts']

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
          include: nodeFiles,
          exclude: ['src/renderer/**', ...changesTheProcess],
          environment: 'node',
          isolate: false,
          setupFiles: ['tests/support/vitestSetup.ts'],
          ...shared,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: changesTheProcess,
          environment: 'node',
          setupFiles: ['tests/support/vitestSetup.ts'],
          ...shared,
        },
      },
    ],
  },
})
