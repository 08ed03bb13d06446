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
