import { z } from 'zod'
import type { KeyValueStore } from './keyValueStore'

/**
 * Auto-update: off unless a feed is configured. A feed comes from the build (DATAHUB_UPDATE_URL
 * → app-update.yml, scripts/updateFeed.cjs) or from the `updates` setting an administrator puts
 * in the settings file, which wins (e.g. pointing a site's consoles at its own mirror, or
 * `{"enabled": false}` to turn updates off) — and the machine's policy file (policy.ts) wins over
 * both. Only https: an update is code that will run.
 *
 * The updater itself is electron-updater, loaded at run time: should it fail to load,
 * `loadUpdater` answers null and the app runs on without updates (README, "Packaging").
 */
export const UPDATE_CHANNELS = ['latest', 'beta'] as const
export type UpdateChannel = (typeof UPDATE_CHANNELS)[number]
export const UPDATE_SETTINGS_KEY = 'updates'
/** Between two checks while the app keeps running. */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000

const httpsUrl = z.url({ protocol: /^https$/ }).max(1000)
export const updateSettingsSchema = z
  .object({ enabled: z.boolean().default(true), feedUrl: httpsUrl.optional(), channel: z.enum(UPDATE_CHANNELS).optional() })
  .strict()

export interface UpdateFeed {
  url: string
  channel: UpdateChannel
  /** 'build': electron-updater reads app-update.yml itself; 'settings' / 'policy': the feed is set at run time. */
  source: 'build' | 'settings' | 'policy'
}
export type FeedDecision = { feed: UpdateFeed } | { feed: null; reason: 'development' | 'disabled' | 'no-feed' | 'invalid-setting' }

/** The `url:` and `channel:` of the app-update.yml electron-builder writes (flat `key: value` lines). */
export function parseAppUpdateYml(text: string): { url: string; channel: UpdateChannel } | null {
  const value = (key: string) => new RegExp(`^${key}:\\s*['"]?([^'"\\n]+?)['"]?\\s*$`, 'm').exec(text)?.[1]
  const url = value('url')
  if (!url || !httpsUrl.safeParse(url).success) return null
  const channel = value('channel')
  return { url, channel: channel === 'beta' ? 'beta' : 'latest' }
}

export function resolveUpdateFeed(input: {
  isPackaged: boolean
  stored: unknown
  buildFeed: { url: string; channel: UpdateChannel } | null
  /** The policy file's `updates` (already validated): IT's word, over the settings file. */
  policy?: z.infer<typeof updateSettingsSchema> | undefined
}): FeedDecision {
  // Development runs from source: there is nothing installed to replace.
  if (!input.isPackaged) return { feed: null, reason: 'development' }
  let setting: z.infer<typeof updateSettingsSchema> | null = input.policy ?? null
  if (!input.policy && input.stored !== undefined && input.stored !== null) {
    const parsed = updateSettingsSchema.safeParse(input.stored)
    // A malformed setting turns updates off rather than guessing what the administrator meant.
    if (!parsed.success) return { feed: null, reason: 'invalid-setting' }
    setting = parsed.data
  }
  if (setting?.enabled === false) return { feed: null, reason: 'disabled' }
  if (setting?.feedUrl) return { feed: { url: setting.feedUrl, channel: setting.channel ?? input.buildFeed?.channel ?? 'latest', source: input.policy ? 'policy' : 'settings' } }
  if (input.buildFeed) return { feed: { ...input.buildFeed, channel: setting?.channel ?? input.buildFeed.channel, source: 'build' } }
  return { feed: null, reason: 'no-feed' }
}

export const readUpdateSetting = (store: KeyValueStore): unknown => store.get(UPDATE_SETTINGS_KEY)

/** The part of electron-updater's autoUpdater used here. */
export interface UpdaterLike {
  channel: string | null
  autoDownload: boolean
  setFeedURL(options: { provider: 'generic'; url: string; channel?: string }): void
  checkForUpdatesAndNotify(): Promise<unknown>
}

export interface UpdateDeps {
  decision: FeedDecision
  loadUpdater: () => Promise<UpdaterLike | null>
  log: (line: string) => void
  setInterval?: (fn: () => void, ms: number) => unknown
}

/** Starts checking when there is a feed and an updater; says in the log why not otherwise. */
export async function startUpdateChecks(deps: UpdateDeps): Promise<'checking' | 'off'> {
  const { decision, log } = deps
  if (!decision.feed) {
    log(`updates off: ${decision.reason}`)
    return 'off'
  }
  const updater = await deps.loadUpdater()
  if (!updater) {
    log('updates off: electron-updater could not be loaded')
    return 'off'
  }
  const { url, channel, source } = decision.feed
  if (source !== 'build') updater.setFeedURL({ provider: 'generic', url, channel })
  updater.channel = channel
  updater.autoDownload = true
  const check = () => void updater.checkForUpdatesAndNotify().catch((e: unknown) => log(`update check failed: ${String(e)}`))
  check()
  ;(deps.setInterval ?? ((fn, ms) => setInterval(fn, ms).unref()))(check, UPDATE_CHECK_INTERVAL_MS)
  log(`updates on: ${url} (${channel})`)
  return 'checking'
}
