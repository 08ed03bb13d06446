import type { HubResult } from '../../shared/envelope'
import { ResultCode } from '../../shared/envelope'
import type { Locale } from '../../shared/locale'
import { desktopText, type DesktopKey } from '../menu/desktopText'

/** A hub call that takes at least this long is a "long job" worth telling about. */
export const LONG_JOB_MS = 10_000

/** The calls known to take long, by their user-facing name; any other is "a hub request". */
const JOB_NAMES: Record<string, DesktopKey> = {
  'datahub.datasource.test': 'job_datasource_test',
  'datahub.producer.previewSqlData': 'job_sql_preview',
  'datahub.producer.getColumnsByDataSourceNameAndSql': 'job_read_columns',
  'datahub.producer.getColumnsByDataSourceNameAndTableName': 'job_read_columns',
  'datahub.producer.resolveWsdlUrl': 'job_resolve_wsdl',
}
export const jobName = (endpoint: string, locale: Locale): string => desktopText(locale, JOB_NAMES[endpoint] ?? 'job_generic')

export interface FinishedJob {
  /** What the user started, in words (jobName). */
  name: string
  ok: boolean
  /** The hub's (translated) message. */
  detail: string
  durationMs: number
}

export interface OsNotification {
  title: string
  body: string
}

/**
 * Whether a finished job deserves an OS notification, and its text: only a long one, and only
 * when the user is looking elsewhere (the console window not focused); otherwise the console
 * itself shows the outcome. Cancelled calls are not news.
 */
export function notificationFor(job: FinishedJob, ctx: { windowFocused: boolean; locale: Locale }): OsNotification | null {
  if (ctx.windowFocused || job.durationMs < LONG_JOB_MS) return null
  const title = desktopText(ctx.locale, job.ok ? 'job_finished_title' : 'job_failed_title')
  const body = job.detail ? desktopText(ctx.locale, 'job_finished_body', { name: job.name, detail: job.detail }) : job.name
  return { title, body }
}

export interface NotifierDeps {
  isWindowFocused: () => boolean
  locale: () => Locale
  /** Shows the OS notification (Electron's Notification in the app); clicking it brings the window back. */
  show: (notification: OsNotification) => void
  now?: () => number
}

type HubCall = (payload: { endpoint: string; input?: unknown }) => Promise<HubResult<unknown>>

/**
 * Wraps the 'hub.call' IPC handler: times each call and, when a long one finishes while the
 * window is in the background (an SQL preview, a WSDL resolution, a data-source test against a
 * slow server), shows a notification. The answer itself passes through untouched.
 */
export function notifyLongHubCalls(call: HubCall, deps: NotifierDeps): HubCall {
  const now = deps.now ?? Date.now
  return async (payload) => {
    const started = now()
    const result = await call(payload)
    if (!result.ok && result.code === ResultCode.cancelled) return result
    const locale = deps.locale()
    const job: FinishedJob = { name: jobName(payload.endpoint, locale), ok: result.ok, detail: result.message, durationMs: now() - started }
    const notification = notificationFor(job, { windowFocused: deps.isWindowFocused(), locale })
    if (notification) {
      try {
        deps.show(notification)
      } catch {
        // A notification the OS refuses must never cost the caller its answer.
      }
    }
    return result
  }
}
