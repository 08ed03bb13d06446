import type { TFunction } from 'i18next'
import type { ProcessLink } from '../../../../shared/rules/approvals/process'

const SYMBOLS: Record<string, string> = { eq: '=', ne: '≠', gt: '>', ge: '≥', lt: '<', le: '≤' }

/** What a link says on the diagram: its name, else its condition ("变更字段数 > 3") or "default". */
export function linkLabel(t: TFunction, link: ProcessLink): string {
  if (link.name) return link.name
  if (link.isDefault) return t('workflow:link_default')
  const c = link.condition
  if (!c) return ''
  const op = SYMBOLS[c.operator] ?? t(`workflow:op_${c.operator}`)
  return `${t(`messages:msg_process_variable_${c.variable}`)} ${op} ${String(c.value)}`
}
