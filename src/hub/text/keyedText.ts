import { noteReaderText, translateMessage, type MessageKey } from '../../../locales'
import type { Locale } from '../../shared/locale'

/**
 * A text the hub records for a later reader (a delivery's last error, a run's error, an alarm's
 * detail): a `messages` key with its parameters, rendered when it is read, in the reader's
 * language (an HTTP answer by its Accept-Language, a mail by its recipient). What a peer said (a
 * database's own error, an HTTP body) is a plain string parameter and stays as it came; a
 * parameter may itself be a keyed text (a reason inside "gave up after 3 tries").
 *
 * Stored in the existing text columns as JSON with a marker, so no migration is needed and a
 * row written before (plain English) is shown as it is.
 */
export type TextParam = string | number | KeyedText
export interface KeyedText {
  readonly key: string
  readonly params: Readonly<Record<string, TextParam>>
}

/** A keyed text; the key is checked against the bundled messages at compile time. */
export const keyed = (key: MessageKey, params: Record<string, TextParam> = {}): KeyedText => ({ key, params })

/** Marks the stored form: nothing a person or a peer writes starts with it by chance. */
const MARK = '{"§k":'

type Stored = { '§k': string; p: Record<string, StoredParam> }
type StoredParam = string | number | Stored

const toStored = (t: KeyedText): Stored => ({ '§k': t.key, p: Object.fromEntries(Object.entries(t.params).map(([n, v]) => [n, typeof v === 'object' ? toStored(v) : v])) })
const fromStored = (s: Stored): KeyedText => ({ key: s['§k'], params: Object.fromEntries(Object.entries(s.p ?? {}).map(([n, v]) => [n, typeof v === 'object' && v !== null ? fromStored(v) : v])) })

/** The column form of a text; a plain string (a peer's, or an old row's) is kept as it is. */
export const encodeText = (t: KeyedText | string): string => (typeof t === 'string' ? t : JSON.stringify(toStored(t)))

/** The text a column holds: keyed when the hub stored it so, else the plain string. */
export function decodeText(stored: string): KeyedText | string {
  if (!stored.startsWith(MARK)) return stored
  try {
    const parsed = JSON.parse(stored) as Stored
    return typeof parsed['§k'] === 'string' ? fromStored(parsed) : stored
  } catch {
    return stored
  }
}

/** A text as `locale` reads it. */
export function renderText(locale: Locale, t: KeyedText | string): string {
  if (typeof t === 'string') {
    noteReaderText(locale, t)
    return t
  }
  const params = Object.fromEntries(Object.entries(t.params).map(([n, v]) => [n, typeof v === 'object' ? renderText(locale, v) : v]))
  return translateMessage(locale, t.key, params)
}

/** Several texts as one, in the reader's list punctuation ("a; b", "a；b"). */
export const joined = (texts: readonly (KeyedText | string)[]): TextParam =>
  texts.length <= 1 ? (texts[0] ?? '') : keyed('msg_exchange_list_of', { first: texts[0]!, rest: joined(texts.slice(1)) })

/** A text that must be keyed: a plain string (a peer's words, an old row) goes as it came. */
export const asKeyed = (t: KeyedText | string): KeyedText => (typeof t === 'string' ? keyed('msg_exchange_plain', { text: t }) : t)

/** A stored column as `locale` reads it (old plain rows unchanged). */
export const renderStored = (locale: Locale, stored: string): string => renderText(locale, decodeText(stored))

/** The English form, for logs, stack traces and thrown errors' `message`. */
export const logText = (t: KeyedText | string): string => renderText('en', t)

/**
 * A stored text within `max` characters (a column of bounded use, such as an alarm's detail):
 * a keyed one keeps its key and shortens its longest plain parameters, so it still decodes; a
 * plain one is cut.
 */
export function clipStored(stored: string, max: number): string {
  if (stored.length <= max) return stored
  const t = decodeText(stored)
  if (typeof t === 'string') return `${t.slice(0, max - 1)}…`
  let params: Record<string, TextParam> = { ...t.params }
  for (;;) {
    const encoded = encodeText({ key: t.key, params })
    if (encoded.length <= max) return encoded
    const [name, value] = Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string').sort((a, b) => b[1].length - a[1].length)[0] ?? []
    // Nothing left to shorten (nested or numeric parameters only): the English form, cut.
    if (name === undefined || value === undefined || value.length <= 1) return `${logText(t).slice(0, max - 1)}…`
    params = { ...params, [name]: `${value.slice(0, Math.floor(value.length / 2))}…` }
  }
}

/** What a peer said, cut to a length a log line can hold. */
export const peerText = (text: string, max = 500): string => (text.length > max ? `${text.slice(0, max)}…` : text)

/**
 * An error whose reason is a keyed text. `message` is its English form (logs, stack traces);
 * what is recorded for a reader is `text`, stored with encodeText.
 */
export class KeyedError extends Error {
  constructor(readonly text: KeyedText) {
    super(logText(text))
    this.name = 'KeyedError'
  }
}

/** The keyed text of any error: its own when it has one, a refusal's key, else its message as it came. */
export function textOf(err: unknown): KeyedText | string {
  const e = err as { name?: unknown; text?: unknown; messageKey?: unknown; params?: unknown; message?: unknown } | null
  if (e && typeof e === 'object') {
    const t = e.text as KeyedText | undefined
    if (t && typeof t === 'object' && typeof t.key === 'string') return t
    if (e.name === 'Refusal' && typeof e.messageKey === 'string') return { key: e.messageKey, params: (e.params as Record<string, string>) ?? {} }
    if (typeof e.message === 'string' && e.message) return e.message
  }
  return String(err)
}
