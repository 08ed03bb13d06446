import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'tests/packaging/**/*.test.ts', 'tests/security/**/*.test.ts'],
    // Hub and main-process tests run under Node; renderer tests opt into jsdom per file
    // with a `// @vitest-environment jsdom` docblock.
    environment: 'node',
    // Sized for a loaded two-core machine (npm run test:stress): the longest dialog tests took
    // 60 s there. A slow test is not a failing one; a hung one still fails. Files do not lower it.
    testTimeout: 120_000,
    setupFiles: ['tests/support/vitestSetup.ts'],
    hookTimeout: 60_000,
    // Two cores: keep the PostgreSQL- and keychain-backed suites from starving each other.
    maxWorkers: 2,
  },
})
