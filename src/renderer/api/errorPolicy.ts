import { ResultCode } from '../../shared/envelope'
import type { ToastSignal } from './signals'

/** The licence message as the hub sends it in zh-CN (spec: message '证书错误!' pushes /license). */
export const LICENCE_ERROR_MESSAGE = '证书错误!'

export interface FailedCall {
  code: string
  message: string
  data?: unknown
}

export interface PolicyOptions {
  /** The caller shows the outcome itself (login form, dialogs) or only logs it (start-up calls). */
  quiet: boolean
  /** Parameter `error.log` is '1': error toasts carry an expandable detail panel. */
  errorDetails: boolean
  endpoint: string
}

export interface FailureDecision {
  toast: ToastSignal | null
  /** Drop the user, permissions and menus and go back to the login view. */
  endSession: boolean
  /** Open the licence page. */
  openLicence: boolean
  /** '4001' only: field path → message key, for the form that sent the input. */
  fieldErrors: Record<string, string> | null
  /** Log the failure (everything that is neither silent nor toasted is at least logged). */
  log: boolean
}

const SILENT: ReadonlySet<string> = new Set([ResultCode.silent, ResultCode.cancelled])
const WARNINGS: ReadonlySet<string> = new Set([ResultCode.warning, ResultCode.hubUnreachable])

/** `data` of a 4001 answer: `{fields: [{path, key, message}]}`; anything else yields null. */
export function fieldErrorsOf(data: unknown): Record<string, string> | null {
  const fields = (data as { fields?: unknown } | null | undefined)?.fields
  if (!Array.isArray(fields)) return null
  const out: Record<string, string> = {}
  for (const f of fields as { path?: unknown; key?: unknown; message?: unknown }[]) {
    if (typeof f?.path !== 'string') continue
    const key = typeof f.key === 'string' && f.key ? f.key : typeof f.message === 'string' ? f.message : ''
    if (key && !(f.path in out)) out[f.path] = key
  }
  return out
}

/**
 * The spec's error catalogue as one pure decision (part 1 §8, part 2 §8): which failure leads to
 * which toast, whether the session ends, whether the licence page opens. The hub client applies
 * it; keeping it pure keeps the catalogue testable line by line.
 */
export function decideFailure(failure: FailedCall, options: PolicyOptions): FailureDecision {
  const { code, message } = failure
  const decision: FailureDecision = { toast: null, endSession: false, openLicence: false, fieldErrors: null, log: true }
  // 2010: response ignored; 5040: cancelled by the console ("unless cancelled").
  if (SILENT.has(code)) return { ...decision, log: false }

  if (code === ResultCode.sessionInvalid) decision.endSession = true
  if (code === ResultCode.licenceError || message === LICENCE_ERROR_MESSAGE) decision.openLicence = true
  if (code === ResultCode.validation) decision.fieldErrors = fieldErrorsOf(failure.data)

  if (options.quiet) return decision
  // 2020: not a failure — the save went to review instead (issue 19); said as information.
  if (code === ResultCode.changeSubmitted) return { ...decision, toast: { intent: 'info', message }, log: false }
  if (WARNINGS.has(code) || code === ResultCode.sessionInvalid) {
    // 4050 and hub-unreachable: yellow warning 5 s. 4030 is not the user's error either: say why
    // they are back at the login view, as a warning.
    decision.toast = { intent: 'warning', message }
  } else {
    decision.toast = {
      intent: 'error',
      message,
      ...(options.errorDetails ? { detail: { code, endpoint: options.endpoint, data: failure.data } } : {}),
    }
  }
  decision.log = false
  return decision
}
