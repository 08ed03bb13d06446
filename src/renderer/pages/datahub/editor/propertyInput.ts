/**
 * How a builtin property's value is edited (spec §3 propsValForm: "JSON describing input or
 * select with value list or dictionary reference"). Accepted shapes, all optional:
 *   {"type":"input"}
 *   {"type":"select","values":["UTF-8","GBK"]}  or  values [{"value":"1","label":"是"}]
 *   {"type":"select","dictType":"sys_yes_no"}   ("dict" is read as well)
 * Anything else, or text that is not JSON, is a plain input.
 */
export type PropertyInput =
  | { kind: 'input' }
  | { kind: 'values'; options: { value: string; label: string }[] }
  | { kind: 'dictionary'; dictType: string }

export function propertyInput(valForm: string | undefined): PropertyInput {
  if (!valForm?.trim()) return { kind: 'input' }
  let parsed: unknown
  try {
    parsed = JSON.parse(valForm)
  } catch {
    return { kind: 'input' }
  }
  if (typeof parsed !== 'object' || parsed === null) return { kind: 'input' }
  const form = parsed as { type?: unknown; values?: unknown; dictType?: unknown; dict?: unknown }
  if (form.type !== 'select') return { kind: 'input' }
  const dictType = typeof form.dictType === 'string' ? form.dictType : typeof form.dict === 'string' ? form.dict : ''
  if (dictType) return { kind: 'dictionary', dictType }
  if (Array.isArray(form.values)) {
    const options = form.values.flatMap((v: unknown) => {
      if (typeof v === 'string' || typeof v === 'number') return [{ value: String(v), label: String(v) }]
      if (typeof v === 'object' && v !== null && 'value' in v) {
        const o = v as { value: unknown; label?: unknown }
        return [{ value: String(o.value), label: String(o.label ?? o.value) }]
      }
      return []
    })
    return { kind: 'values', options }
  }
  return { kind: 'input' }
}
