import { z } from 'zod'
import type { ConsoleSettings, HubProfile } from '../../shared/ipc'
import { DEFAULT_LOCALE, LOCALES } from '../../shared/locale'
import { USER_THEME_CHOICES, type UserThemeChoice } from '../../shared/rules/theme'
import type { KeyValueStore } from './keyValueStore'
import { NO_POLICY, type PolicyRead } from './policy'

/** The embedded hub (loopback, local SQLite) is always a profile; it cannot be removed. */
export const EMBEDDED_PROFILE: HubProfile = Object.freeze({ id: 'embedded', name: 'Embedded hub', kind: 'embedded' })

const remoteProfileSchema = z.object({
  id: z.string().min(1).max(64).regex(/^[\w.-]+$/),
  name: z.string().trim().min(1).max(100),
  kind: z.literal('remote'),
  // Only http(s): the token is sent to this address. A path prefix is allowed (reverse proxies).
  baseUrl: z.url({ protocol: /^https?$/ }).max(1000),
})
export type RemoteProfile = z.infer<typeof remoteProfileSchema>

export const windowBoundsSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(20000),
  height: z.number().int().min(300).max(20000),
  maximized: z.boolean().default(false),
})
export type WindowBounds = z.infer<typeof windowBoundsSchema>

/** What the renderer may change through 'settings.update'; anything else is refused. */
export const consoleSettingsPatchSchema = z
  .object({
    locale: z.enum(LOCALES),
    localeChosen: z.boolean(),
    theme: z.enum(USER_THEME_CHOICES),
    rememberedUsername: z.string().trim().max(64).nullable(),
    incidentNotifications: z.boolean(),
  })
  .partial()
  .strict()

/** One schema and one default per stored key, so one corrupt value never resets the others. */
const keys = {
  profiles: { schema: z.array(remoteProfileSchema), fallback: [] as RemoteProfile[] },
  currentProfileId: { schema: z.string().min(1), fallback: EMBEDDED_PROFILE.id },
  locale: { schema: z.enum(LOCALES), fallback: DEFAULT_LOCALE },
  localeChosen: { schema: z.boolean(), fallback: false },
  theme: { schema: z.enum(USER_THEME_CHOICES), fallback: 'system' as UserThemeChoice },
  rememberedUsername: { schema: z.string().nullable(), fallback: null },
  incidentNotifications: { schema: z.boolean(), fallback: true },
  windowBounds: { schema: windowBoundsSchema.nullable(), fallback: null },
} satisfies Record<string, { schema: z.ZodType; fallback: unknown }>
type Key = keyof typeof keys
type Value<K extends Key> = z.output<(typeof keys)[K]['schema']>

/** What the machine's policy file (policy.ts) decides here; the console shows it as managed. */
export interface PolicyState {
  /** Only the policy's hubs: no embedded hub, no profiles of one's own. */
  locked: boolean
  /** Ids of the policy's profiles: shown as managed, never edited or removed. */
  managedIds: string[]
  /** A policy file that was there but not applied, and why. */
  error: string | null
}

export interface Settings {
  profiles(): HubProfile[]
  currentProfile(): HubProfile
  setCurrentProfile(id: string): HubProfile
  /** Adds or replaces a remote profile (validated). */
  saveRemoteProfile(profile: RemoteProfile): HubProfile
  removeRemoteProfile(id: string): void
  console(): ConsoleSettings
  /** Validates the patch (throws on anything unknown or malformed) and returns the result. */
  updateConsole(patch: unknown): ConsoleSettings
  windowBounds(): WindowBounds | null
  setWindowBounds(bounds: WindowBounds): void
  policy(): PolicyState
}

export function createSettings(store: KeyValueStore, policyRead: PolicyRead = NO_POLICY): Settings {
  const policy = policyRead.policy
  const locked = policy?.lockProfiles === true
  const managed: HubProfile[] = (policy?.profiles ?? []).map((p) => ({ ...p, kind: 'remote', managed: true }))
  const managedIds = managed.map((p) => p.id)
  const read = <K extends Key>(key: K): Value<K> => {
    const parsed = keys[key].schema.safeParse(store.get(key))
    return (parsed.success ? parsed.data : keys[key].fallback) as Value<K>
  }
  // A policy's profiles come first; a locked policy offers nothing else.
  const profiles = (): HubProfile[] => (locked ? managed : [EMBEDDED_PROFILE, ...managed, ...read('profiles').filter((p) => !managedIds.includes(p.id))])
  const findProfile = (id: string) => profiles().find((p) => p.id === id)
  /** The hub a console starts on: the user's last choice, else the policy's, else the first offered. */
  const startProfile = () => (policy?.currentProfile ? findProfile(policy.currentProfile) : undefined) ?? profiles()[0]!

  const settings: Settings = {
    profiles,
    // A current id that points at a removed (or, under a lock, no longer offered) profile falls back.
    currentProfile: () => (store.get('currentProfileId') === undefined ? undefined : findProfile(read('currentProfileId'))) ?? startProfile(),
    setCurrentProfile(id) {
      const profile = findProfile(id)
      if (!profile) throw new Error(`unknown hub profile: ${id}`)
      store.set('currentProfileId', id)
      return profile
    },
    saveRemoteProfile(input) {
      const profile = remoteProfileSchema.parse(input)
      if (profile.id === EMBEDDED_PROFILE.id) throw new Error('the embedded profile cannot be replaced')
      if (locked) throw new Error('the hub profiles are locked by the machine policy')
      if (managedIds.includes(profile.id)) throw new Error(`profile ${profile.id} is managed by the machine policy`)
      store.set('profiles', [...read('profiles').filter((p) => p.id !== profile.id), profile])
      return profile
    },
    removeRemoteProfile(id) {
      if (managedIds.includes(id)) throw new Error(`profile ${id} is managed by the machine policy`)
      store.set('profiles', read('profiles').filter((p) => p.id !== id))
    },
    console: () => ({
      locale: read('locale'),
      localeChosen: read('localeChosen'),
      theme: read('theme'),
      rememberedUsername: read('rememberedUsername'),
      incidentNotifications: read('incidentNotifications'),
    }),
    updateConsole(patch) {
      const valid = consoleSettingsPatchSchema.parse(patch)
      for (const [key, value] of Object.entries(valid)) {
        // An empty remembered username means "forget it".
        store.set(key, key === 'rememberedUsername' && value === '' ? null : value)
      }
      return settings.console()
    },
    windowBounds: () => read('windowBounds'),
    setWindowBounds: (bounds) => store.set('windowBounds', windowBoundsSchema.parse(bounds)),
    policy: () => ({ locked, managedIds, error: policyRead.error }),
  }
  return settings
}
