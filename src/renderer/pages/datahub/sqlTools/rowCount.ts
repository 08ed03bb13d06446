import { previewRowsRule } from '../../../../shared/rules/datahub/dataSource'
import { chars } from '../../../../shared/rules/patterns'

/**
 * Spec §5: the preview row count is an integer 1–10000 (default 10). The hub checks the same
 * rule; checking here too keeps a wrong count from leaving the dialog.
 * Returns the count, or the message key of the rule.
 */
const DIGITS = chars(['digits'], 1)

export function parseRowCount(text: string): { ok: true; value: number } | { ok: false; errorKey: string } {
  const trimmed = text.trim()
  // z.coerce would read '' as 0 and ' 1e3 ' as 1000: only plain digits are a count here.
  if (!DIGITS.test(trimmed)) return { ok: false, errorKey: 'msg_sql_rows_rule' }
  const parsed = previewRowsRule.safeParse(trimmed)
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errorKey: 'msg_sql_rows_rule' }
}
