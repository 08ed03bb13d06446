import { z } from 'zod'

/**
 * Result codes on the wire. '2000', '2010', '4030', '4050' and '4000' come from the spec's
 * error catalogue; the others are ours, in the same four-digit style, so that every refusal a
 * user can cause carries a code the console can react to.
 */
export const ResultCode = {
  success: '2000',
  /** Spec: the console ignores the response silently. */
  silent: '2010',
  /**
   * The save was not applied: the caller's role needs approval for changes, so it was submitted
   * for review (issue 19). The console keeps the form, says so (an information toast) and the
   * change shows on the workbench; it applies once approved.
   */
  changeSubmitted: '2020',
  /** Spec: custom code of the behaviour push; the console drops the batch without a toast. */
  pushRejected: '4000',
  /** Input failed the contract's schema; data carries per-field message keys. */
  validation: '4001',
  /** Wrong username or password (msg_login_fail); never says which. */
  loginFailed: '4010',
  /** Too many failed logins; the account is locked for a while. */
  accountLocked: '4011',
  /** Spec: session invalid; the console clears the token and goes back to the login view. */
  sessionInvalid: '4030',
  /** The user's roles lack the endpoint's permission code. */
  forbidden: '4031',
  /** The requested record does not exist. */
  notFound: '4040',
  /** Spec: warning; the console shows a yellow toast for 5 s. */
  warning: '4050',
  /** Licence missing, invalid or expired while enforcement is on ('证书错误!'). */
  licenceError: '4060',
  /** Duplicate key, stale version or a state that forbids the operation. */
  conflict: '4090',
  /** Uploaded content too large. */
  tooLarge: '4130',
  /** Too much of the caller's work is already waiting (a topic's pushes for its processors); try again shortly. */
  busy: '4290',
  /** Unexpected failure inside the hub; logged there with a reference. */
  systemError: '5000',
  /** The console could not reach the hub (proxy side only, never sent by a hub). */
  hubUnreachable: '5030',
  /** The call was cancelled by the console before it finished (proxy side only). */
  cancelled: '5040',
} as const
export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode]

export const SUCCESS = ResultCode.success

/** The `{code, message, data}` envelope every hub call answers with. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.string(), message: z.string(), data: data.nullable() })

export interface Envelope<T> {
  code: string
  message: string
  data: T | null
}

/** One field that failed validation: its path, the message key, and the key's translation. */
export const fieldIssueSchema = z.object({
  path: z.string(),
  key: z.string(),
  message: z.string(),
})
export type FieldIssue = z.infer<typeof fieldIssueSchema>

/** `data` of a '4001' answer. */
export const validationDataSchema = z.object({ fields: z.array(fieldIssueSchema) })
export type ValidationData = z.infer<typeof validationDataSchema>

/**
 * What the main process hands the renderer for one hub call: the data on success, or the code
 * and the (already translated) message. Errors travel as values because an exception thrown
 * through Electron's IPC loses everything but its message.
 */
export type HubResult<T> =
  | { ok: true; data: T; message: string; versions?: DataVersions }
  | { ok: false; code: string; message: string; data?: unknown; versions?: DataVersions }

/**
 * Versions of the three cached data sets. The hub reports them on every answer
 * (headers below); the console refetches a set only when its version moved.
 */
export interface DataVersions {
  lang: string
  dict: string
  param: string
}
export const DATA_VERSION_HEADERS = {
  lang: 'x-lang-version',
  dict: 'x-dict-version',
  param: 'x-param-version',
} as const
