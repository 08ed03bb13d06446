import { translateMessage } from '../../../locales'
import type { Locale } from '../../shared/locale'
import type { NoticeBody } from './notices'
import { renderStored } from '../text/keyedText'

/** A notice in one language: a subject line and a few lines of text. */
export function noticeText(locale: Locale, n: Omit<NoticeBody, 'target'>): { subject: string; text: string } {
  const t = (key: string, params: Record<string, string | number> = {}) => translateMessage(locale, key, params)
  const params = {
    kind: t(`msg_alarm_kind_${n.kind}`),
    rule: t(`msg_alarm_rule_${n.rule}`),
    objectType: t(`msg_alarm_object_${n.objectType}`),
    object: n.objectName || n.objectId,
    objectId: n.objectId,
    topicCode: n.topicCode,
    openedAt: n.openedAt,
    lastSeenAt: n.lastSeenAt,
    resolvedAt: n.resolvedAt ?? '',
    count: n.count,
    // Stored as key and parameters (text/keyedText.ts): told in this notice's language.
    error: renderStored(locale, n.error) || t('msg_alarm_no_error'),
  }
  return { subject: t('msg_alarm_subject', params), text: t(n.kind === 'recovery' ? 'msg_alarm_recovered_body' : 'msg_alarm_body', params) }
}

/** Both languages in one notice, Chinese first: the recipients' languages are not known. */
export function bilingual(n: Omit<NoticeBody, 'target'>): { subject: string; text: string } {
  const zh = noticeText('zh-CN', n)
  const en = noticeText('en', n)
  return { subject: `${zh.subject} / ${en.subject}`, text: `${zh.text}\n\n${en.text}` }
}

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8')

/**
 * The notice as one message of subject and text in both languages, within `maxBytes` of UTF-8
 * (a robot that refuses longer content: WeCom's text message takes 2048 bytes). The error, the
 * one part of unbounded length and shown once per language, is shortened with an ellipsis until
 * the message fits; only if it still does not (no error left to shorten) is the end cut.
 */
export function bilingualWithin(n: Omit<NoticeBody, 'target'>, maxBytes: number): string {
  // The error is told once in each language: each copy is shortened by the same count of characters.
  const zhError = [...renderStored('zh-CN', n.error)]
  const enError = [...renderStored('en', n.error)]
  const longest = Math.max(zhError.length, enError.length)
  const shortened = (chars: string[], by: number) => (by === 0 ? chars.join('') : chars.length > by ? `${chars.slice(0, chars.length - by).join('')}…` : '…')
  const render = (by: number) => {
    const zh = noticeText('zh-CN', { ...n, error: n.error && shortened(zhError, by) })
    const en = noticeText('en', { ...n, error: n.error && shortened(enError, by) })
    return `${zh.subject} / ${en.subject}\n\n${zh.text}\n\n${en.text}`
  }
  let content = render(0)
  if (bytesOf(content) > maxBytes && longest > 0) {
    // The fewest characters cut that fit (a longer cut never makes the message longer).
    let low = 1
    let high = longest
    while (low < high) {
      const mid = Math.floor((low + high) / 2)
      if (bytesOf(render(mid)) <= maxBytes) high = mid
      else low = mid + 1
    }
    content = render(low)
  }
  if (bytesOf(content) <= maxBytes) return content
  const cut = [...content]
  for (let size = bytesOf(content); size > maxBytes - bytesOf('…'); ) size -= bytesOf(cut.pop()!)
  return `${cut.join('')}…`
}
