import { randomUUID } from 'node:crypto'
import axios, { type AxiosAdapter } from 'axios'
import { z } from 'zod'
import { health } from '../../shared/contract/platform/startup'
import { routePattern } from '../../shared/endpoint'
import { ResultCode } from '../../shared/envelope'
import type { HubProfile, ProfileOutcome, ProfilePolicy, ProfileTest } from '../../shared/ipc'
import type { Locale } from '../../shared/locale'
import { profileFormSchema } from '../../shared/rules/profile'
import { translateMessage } from '../../../locales'
import type { EmitEvent } from '../ipc/events'
import { EMBEDDED_PROFILE, type Settings } from './settings'
import type { TokenVault } from './tokenVault'

/** A connection test must answer quickly: the user is waiting in a dialog. */
export const PROFILE_TEST_TIMEOUT_MS = 5_000

export interface ProfileServiceDeps {
  settings: Settings
  vault: TokenVault
  emit: EmitEvent
  locale: () => Locale
  /** Tests: answer requests without a network. */
  adapter?: AxiosAdapter
  timeoutMs?: number
}

export interface ProfileService {
  list(): { profiles: HubProfile[]; currentId: string; policy: ProfilePolicy }
  save(input: { id?: string; name: string; baseUrl: string }): Promise<ProfileOutcome<HubProfile>>
  remove(id: string): Promise<ProfileOutcome<null>>
  test(baseUrl: string): Promise<ProfileTest>
  switchTo(id: string): Promise<ProfileOutcome<HubProfile>>
}

const envelope = z.object({ code: z.string(), data: z.unknown().optional() })

export function createProfileService(deps: ProfileServiceDeps): ProfileService {
  const { settings, vault } = deps
  const msg = (key: string, params?: Record<string, string>) => translateMessage(deps.locale(), key, params)
  const refuse = <T>(key: string, field?: 'name' | 'baseUrl'): ProfileOutcome<T> => ({ ok: false, message: msg(key), ...(field ? { field } : {}) })
  const find = (id: string) => settings.profiles().find((p) => p.id === id)
  const http = axios.create({
    timeout: deps.timeoutMs ?? PROFILE_TEST_TIMEOUT_MS,
    validateStatus: () => true,
    // A redirect could point the user at another host than the one they typed.
    maxRedirects: 0,
    adapter: deps.adapter,
  })

  /** The session of a profile ends: its token goes, and the console leaves it if it was showing it. */
  const endSession = async (id: string) => {
    await vault.clear(id)
    if (settings.currentProfile().id === id) deps.emit('session.ended', { reason: 'logout' })
  }

  return {
    list: () => {
      const { locked, error } = settings.policy()
      return { profiles: settings.profiles(), currentId: settings.currentProfile().id, policy: { locked, error } }
    },

    async save(input) {
      if (input.id === EMBEDDED_PROFILE.id) return refuse('msg_profile_embedded_readonly')
      if (input.id && settings.policy().managedIds.includes(input.id)) return refuse('msg_profile_managed')
      if (settings.policy().locked) return refuse('msg_profile_locked')
      const parsed = profileFormSchema.safeParse({ name: input.name, baseUrl: input.baseUrl })
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const field = issue?.path[0] === 'name' ? 'name' : 'baseUrl'
        return refuse(issue?.message ?? 'msg_profile_url', field)
      }
      const previous = input.id ? find(input.id) : undefined
      if (input.id && !previous) return refuse('msg_profile_unknown')
      const profile = settings.saveRemoteProfile({ id: input.id ?? randomUUID(), kind: 'remote', ...parsed.data })
      // The stored token belongs to the old address: never send it to a new one.
      if (previous && previous.baseUrl !== profile.baseUrl) await endSession(profile.id)
      return { ok: true, data: profile }
    },

    async remove(id) {
      if (id === EMBEDDED_PROFILE.id) return refuse('msg_profile_embedded_readonly')
      if (settings.policy().managedIds.includes(id)) return refuse('msg_profile_managed')
      if (!find(id)) return refuse('msg_profile_unknown')
      await endSession(id)
      // Removing the current profile leaves the console on the embedded hub (settings fall back too).
      if (settings.currentProfile().id === id) settings.setCurrentProfile(EMBEDDED_PROFILE.id)
      settings.removeRemoteProfile(id)
      return { ok: true, data: null }
    },

    async test(baseUrl) {
      const url = profileFormSchema.shape.baseUrl.safeParse(baseUrl)
      if (!url.success) return { ok: false, message: msg('msg_profile_url') }
      try {
        const res = await http.get(url.data + routePattern(health))
        const body = envelope.safeParse(res.data)
        const data = body.success && body.data.code === ResultCode.success ? health.output.safeParse(body.data.data) : null
        if (!data?.success) return { ok: false, message: msg('msg_profile_test_not_hub') }
        const { version, store } = data.data
        return { ok: true, version, store, message: msg('msg_profile_test_ok', { version, store }) }
      } catch (err) {
        const reason = axios.isAxiosError(err) ? (err.code ?? err.message) : String(err)
        return { ok: false, message: msg('msg_profile_test_fail', { reason }) }
      }
    },

    async switchTo(id) {
      const next = find(id)
      if (!next) return refuse('msg_profile_unknown')
      const current = settings.currentProfile()
      if (current.id === next.id) return { ok: true, data: next }
      // One session at a time: leaving a hub signs out of it (the token is not kept for later).
      await endSession(current.id)
      return { ok: true, data: settings.setCurrentProfile(next.id) }
    },
  }
}
