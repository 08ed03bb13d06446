import { incidentList, type Incident } from '../../shared/contract/alarms/incidents'
import type { Locale } from '../../shared/locale'
import { translateMessage } from '../../../locales'
import { desktopText } from '../menu/desktopText'
import type { HubProxy } from './hubProxy'
import type { OsNotification } from './notifications'

/**
 * OS notifications of new alarm incidents (issue 15, desktop). The main process asks the hub
 * itself, on a timer, so they come while the window is minimised or hidden and whatever page
 * the console shows; the renderer need not be running a page at all.
 */

/** How often the open incidents are asked for: alarms should reach the operator within a minute. */
export const INCIDENT_POLL_MS = 15_000
/** Open incidents read per poll (the list answers open ones first, the most recently seen first). */
export const INCIDENT_PAGE = 100
/** Notifications shown one by one per poll; the rest are summed up in one, so a storm is one toast, not a hundred. */
export const INCIDENT_TOASTS_MAX = 3
/** Incident ids remembered as shown; an open incident stays in the latest pages, so this only bounds memory. */
const REMEMBERED_MAX = 2000

/** The notification of one new incident, in the user's language: what broke, where, and why. */
export function incidentNotification(incident: Incident, locale: Locale): OsNotification {
  return {
    title: desktopText(locale, 'incident_title', { object: incident.objectName || incident.objectId }),
    body: desktopText(locale, 'incident_body', {
      rule: translateMessage(locale, `msg_alarm_rule_${incident.rule}`),
      topicCode: incident.topicCode,
      error: incident.lastError || translateMessage(locale, 'msg_alarm_no_error'),
    }).trim(),
  }
}

export interface IncidentWatchDeps {
  proxy: Pick<HubProxy, 'call'>
  /** Whether a session is stored for the current profile: without one the hub is not asked. */
  signedIn: () => Promise<boolean>
  profileId: () => string
  /** The user's switch (personal settings), read on every poll. */
  enabled: () => boolean
  locale: () => Locale
  /** Shows one OS notification; `onClick` when the user clicks it. */
  show: (notification: OsNotification, onClick: () => void) => void
  /** Brings the console to the incident (null: to the alert centre's list). */
  open: (incidentId: string | null) => void
  log?: (line: string) => void
}

export interface IncidentWatch {
  /** Asks the hub once and shows what is new; answers how many new incidents it found. */
  poll(): Promise<number>
  /** Polls every `everyMs` (the next poll is planned when one ends, so they never overlap). */
  start(everyMs?: number): void
  stop(): void
}

const listAnswer = incidentList.output

/**
 * Remembers the open incidents it has seen, per profile and sign-in, and shows one notification
 * per incident that was not there before. The first poll after signing in, switching the
 * notifications on or changing hubs only learns what is open: incidents opened while nobody was
 * watching are the alert centre's (and the header bell's) to show, not a burst of old toasts.
 */
export function createIncidentWatch(deps: IncidentWatchDeps): IncidentWatch {
  let known: Set<string> | null = null
  let knownFor = ''
  let timer: ReturnType<typeof setTimeout> | null = null
  let running = false

  const safeShow = (notification: OsNotification, id: string | null) => {
    try {
      deps.show(notification, () => deps.open(id))
    } catch (err) {
      // An OS that refuses notifications must not stop the watch.
      deps.log?.(`incident notification not shown: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  async function poll(): Promise<number> {
    const profile = deps.profileId()
    if (!deps.enabled() || !(await deps.signedIn())) {
      known = null
      return 0
    }
    if (knownFor !== profile) known = null
    const answer = await deps.proxy.call(incidentList.id, { state: 'open', pageNum: 1, pageSize: INCIDENT_PAGE })
    // A user without the alert centre's permission, or a hub that is away: nothing to tell, ask again later.
    if (!answer.ok) return 0
    const page = listAnswer.safeParse(answer.data)
    if (!page.success) return 0
    // The answer may be for a profile or switch that changed meanwhile: the next poll starts over.
    if (deps.profileId() !== profile || !deps.enabled()) return 0
    const open = page.data.content
    if (known === null) {
      known = new Set(open.map((i) => i.id))
      knownFor = profile
      return 0
    }
    const seen = known
    const fresh = open.filter((i) => !seen.has(i.id)).sort((a, b) => a.openedAt.localeCompare(b.openedAt))
    for (const i of fresh) seen.add(i.id)
    for (const id of [...seen].slice(0, Math.max(0, seen.size - REMEMBERED_MAX))) seen.delete(id)
    const locale = deps.locale()
    const shown = fresh.length > INCIDENT_TOASTS_MAX ? fresh.slice(-(INCIDENT_TOASTS_MAX - 1)) : fresh
    if (shown.length < fresh.length) {
      safeShow({ title: desktopText(locale, 'incident_more_title', { count: fresh.length - shown.length }), body: desktopText(locale, 'incident_more_body') }, null)
    }
    for (const i of shown) safeShow(incidentNotification(i, locale), i.id)
    return fresh.length
  }

  const loop = (everyMs: number) => {
    timer = setTimeout(() => {
      void poll()
        .catch((err: unknown) => deps.log?.(`incident watch: ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => {
          if (running) loop(everyMs)
        })
    }, everyMs)
  }

  return {
    poll,
    start(everyMs = INCIDENT_POLL_MS) {
      if (running) return
      running = true
      loop(everyMs)
    },
    stop() {
      running = false
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}
