import { expect } from '@playwright/test'
import type { Desktop } from './harness'

/**
 * An enabled application for producers to pick (the producer editor lists the platform's
 * applications). Named by its code, so flow boxes read as before; the worker's hub is shared by
 * the specs, so one that exists already is fine.
 */
export async function ensureApplication(desktop: Desktop, code: string, appType = '0'): Promise<void> {
  const r = await desktop.handlers['hub.call']({ endpoint: 'platform.application.create', input: { code, name: code, appType, status: '1' } })
  expect(r.ok || r.code === '4090', r.message).toBe(true)
}
