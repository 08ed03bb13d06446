import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * Three projects; what sets them apart is how much a file may share with the next one its worker
 * runs. Loading a module graph is most of a file's cost: jsdom, Fluent UI and i18next for a
 * console test; fastify, kysely, the contract and every route for a hub test (issue 35: twelve
 * admin and config files took 176 s each in its own graph, 88 s sharing one per worker).
 *
 * - console: the renderer's tests share one jsdom and one module graph per worker
 *   (isolate: false); src/renderer/test/setup.ts puts back what a test leaves (mounted trees,
 *   module stores, timers, spies).
 * - node: hub, main-process and cross-process tests that start what they use and close it share
 *   one module graph per worker too (isolate: false). The hub keeps nothing per process that one
 *   hub could see of another (caches are keyed by store or address; the thread pools are shared
 *   by design, src/hub/threads/pool.ts).
 * - isolated: files that change the process itself for whoever runs after them — module mocks,
 *   fake clocks, process.env — each in its own module graph.
 */
const shared = {
  // Sized for a loaded two-core machine (npm run test:stress): the longest dialog tests took
  // 60 s there. A slow test is not a failing one; a hung one still fails. Files do not lower it.
  testTimeout: 120_000,
  hookTimeout: 60_000,
}

/** Files that change the process for whoever runs after them in the same worker. */
const changesTheProcess = [
  // vi.mock: the mocked module stays in the shared graph.
  'src/main/services/hubProxy.paths.test.ts',
  'tests/security/loginLockout.test.ts',
  // Fake clocks (vi.useFakeTimers) that a failing test would leave behind.
  'src/main/embeddedHub.test.ts',
  'tests/integration/schedule/*.test.ts',
  'tests/integration/alarms/producerRuns.test.ts',
  // process.env
  'tests/packaging/builderConfig.test.ts',
  // Time measured in this process (tests/support/eventLoop.ts, the sign-in timing): in a shared
  // process what earlier files left — a larger heap to collect, their threads winding down —
  // would add pauses to what these count. (They are load-sensitive either way: under a load
  // average of 15 they failed shared and isolated alike.)
  'tests/integration/runtime/ingress.test.ts',
  'tests/integration/runtime/dbLink.test.ts',
  'tests/integration/runtime/serverApiWs.test.ts',
  'tests/integration/mappingFiles/upload.test.ts',
  'tests/security/wsdlResolveStall.test.ts',
  'tests/security/workbookMemory.test.ts',
  'tests/security/processorLimits.test.ts',
  'src/hub/runtime/engines/javaScript.test.ts',
  'src/hub/threads/pool.test.ts',
  'tests/integration/hub/login.test.ts',
  // 500 deliveries under a 20 s bound: it failed in both loaded shared runs (load 15–20) and
  // passed isolated at the same load; what it shares with earlier files is not found yet.
  'tests/integration/alarms/recovery.test.ts',
]

const nodeFiles = ['src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'tests/packaging/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/architecture/**/*.test.ts']
const nodeSetup = ['tests/support/vitestSetup.ts', 'tests/support/readerLanguage.ts']

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
          setupFiles: nodeSetup,
          ...shared,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: changesTheProcess,
          environment: 'node',
          setupFiles: nodeSetup,
          ...shared,
        },
      },
    ],
  },
})
