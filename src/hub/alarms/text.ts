import { translateMessage } from '../../../locales'
import type { Locale } from '../../shared/locale'
import type { NoticeBody } from './notices'

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
    error: n.error || t('msg_alarm_no_error'),
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
  const render = (error: string) => {
    const { subject, text } = bilingual({ ...n, error })
    return `${subject}\n\n${text}`
  }
  let content = render(n.error)
  const error = [...n.error]
  while (bytesOf(content) > maxBytes && error.length > 0) {
    // The error is in the message twice, and the ellipsis adds to each copy.
    let over = Math.ceil((bytesOf(content) - maxBytes) / 2) + (error.length === [...n.error].length ? bytesOf('…') : 0)
    while (over > 0 && error.length > 0) over -= bytesOf(error.pop()!)
    content = render(error.length > 0 ? `${error.join('')}…` : '…')
  }
  if (bytesOf(content) <= maxBytes) return content
  const cut = [...content]
  for (let size = bytesOf(content); size > maxBytes - bytesOf('…'); ) size -= bytesOf(cut.pop()!)
  return `${cut.join('')}…`
}
