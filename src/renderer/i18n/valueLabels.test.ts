// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { bundledMessages } from '../../../locales'
import { ALARM_OBJECT_TYPES, ALARM_RULES } from '../../shared/rules/alarms/incidents'
import { OUTBOX_CHANNELS, OUTBOX_KINDS, OUTBOX_OBJECT_TYPES, OUTBOX_STATES } from '../../shared/rules/alarms/outbox'

type Tables = Record<string, Record<string, string>>
const locales = { 'zh-CN': bundledMessages['zh-CN'] as unknown as Tables, en: bundledMessages.en as unknown as Tables }

/**
 * Values the hub hands over that the console shows through a key built from them
 * (t(`alarms:channel_${channel}`)): the scan of t('…') literals cannot see these, and a missing
 * one showed the raw key (`channel_sms`, `approval_task`) in both languages.
 */
const LABELLED: [string, string, readonly string[]][] = [
  ['alarms', 'channel_', OUTBOX_CHANNELS],
  ['alarms', 'kind_', OUTBOX_KINDS],
  ['alarms', 'object_', [...ALARM_OBJECT_TYPES, ...OUTBOX_OBJECT_TYPES]],
  ['alarms', 'state_', OUTBOX_STATES],
  ['alarms', 'rule_', ALARM_RULES],
]

describe('labels of values', () => {
  it.each(LABELLED)('%s:%s<value> exists in both locales for every value', (ns, prefix, values) => {
    const missing = Object.entries(locales).flatMap(([locale, table]) => values.filter((v) => !table[ns]?.[prefix + v]).map((v) => `${locale} ${ns}:${prefix}${v}`))
    expect(missing).toEqual([])
  })

  it('English labels of a list start with a capital letter, as the other columns do', () => {
    const lower = LABELLED.flatMap(([ns, prefix, values]) => values.map((v) => locales.en[ns]?.[prefix + v] ?? '').filter((text) => /^[a-z]/.test(text)))
    expect(lower).toEqual([])
  })
})
