/** Messages between the main process and the embedded hub's process (hubProcess.ts). */
export type HubProcessMessage =
  | { type: 'ready'; url: string; bootstrapPassword: string | null }
  | { type: 'failed'; message: string }

export type HubControlMessage = { type: 'stop' }

export function isHubProcessMessage(value: unknown): value is HubProcessMessage {
  if (!value || typeof value !== 'object') return false
  const m = value as Record<string, unknown>
  if (m.type === 'ready') return typeof m.url === 'string' && (m.bootstrapPassword === null || typeof m.bootstrapPassword === 'string')
  return m.type === 'failed' && typeof m.message === 'string'
}

/**
 * Env var naming a better-sqlite3 binary built for Electron's ABI. The main process sets it;
 * the hub passes it to better-sqlite3's `nativeBinding` option (README, "Native modules").
 */
export const SQLITE_BINDING_ENV = 'HUB_SQLITE_BINDING'
