import type { FieldMappingRow as MappingPair } from '../../../../shared/rules/datahub/mapping'

/** The value of a sample field as a target name: strings as they are, numbers and booleans as text, others none. */
function valueAsName(value: unknown): string {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}

/**
 * Part 2 §4 "JSON parsing": each top-level key of the sample becomes a source name; the target is
 * the same key, or the key's value when 'use attribute value as target field' is ticked.
 * A sample that is a list of records is read by its first record (messages often carry lists).
 * Null when the text is not JSON or has no top-level keys: the dialog says 'JSON内容解析失败'.
 * Pairs whose value gives no name are left out (the merge rule would drop them anyway).
 */
export function pairsFromJson(text: string, valueAsTarget: boolean): MappingPair[] | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return null
  }
  if (Array.isArray(parsed)) parsed = parsed.find((x) => x != null && typeof x === 'object' && !Array.isArray(x))
  if (parsed == null || typeof parsed !== 'object' || Array.isArray(parsed)) return null
  const pairs: MappingPair[] = []
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    const source = key.trim()
    const target = valueAsTarget ? valueAsName(value) : source
    if (source !== '' && target !== '') pairs.push({ sourceFieldName: source, targetFieldName: target })
  }
  return pairs
}
