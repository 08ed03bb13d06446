import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests: the built renderer (out/renderer) in Debian's Chromium — never a browser
 * Playwright downloads — with the preload bridge emulated and routed to the real main-process
 * handlers, which talk to a real hub on loopback (tests/e2e/harness.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties its output folder at start; keep reports elsewhere (stack.md).
  outputDir: process.env.PW_OUT ?? '.tmp/playwright',
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    locale: 'zh-CN',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
  },
})
