import type { MessageKey } from '../../../locales'
import { KeyedError, keyed, type KeyedText } from '../text/keyedText'

/**
 * A try that failed, with the reason an operator reads in the delivery log: a message key with
 * its parameters (text/keyedText.ts), rendered in the reader's language; `message` is the English
 * form for logs. `permanent`: trying again cannot help (a setting is missing or unsupported), so
 * the delivery ends dead at once.
 */
export class DeliveryError extends KeyedError {
  constructor(
    text: KeyedText,
    readonly permanent = false,
  ) {
    super(text)
    this.name = 'DeliveryError'
  }
}

/** A consumer setting left empty; `what` is the key of the setting's name. */
export const settingMissing = (what: MessageKey) => new DeliveryError(keyed('msg_exchange_setting_missing', { what: keyed(what) }), true)

/** Message of any failure, short. */
export function reasonOf(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown; cause?: { code?: unknown; message?: unknown } } | null
  let text = typeof e?.message === 'string' && e.message ? e.message : String(err)
  const cause = e?.cause?.code ?? e?.cause?.message
  if (cause && !text.includes(String(cause))) text = `${text} (${String(cause)})`
  return text.length > 500 ? `${text.slice(0, 500)}…` : text
}
