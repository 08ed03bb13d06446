import { useCallback, useRef, useState } from 'react'
import type { z } from 'zod'

/** Field path ('name', 'routeTableData.0.expression') → message key. */
export type PathErrors = Record<string, string>

export function issuesByPath(error: z.ZodError): PathErrors {
  const out: PathErrors = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    if (path && !out[path]) out[path] = issue.message
  }
  return out
}

const identity = (v: unknown): unknown => v
const topOf = (path: string): string => path.split('.')[0] ?? path

/**
 * The console's one form controller over a shared zod schema (spec §5: "all on blur, messages from
 * translation keys"), for flat text forms (login, password, hub profile, resource dialogs) and the
 * entity editors alike, whose values are not all strings (numbers, lists of route rows, tags): a
 * field's messages show once it was left or the form was submitted, and re-check as it is edited
 * from then on. Errors are message keys (translate with t('messages:' + key)), keyed by dotted
 * path so list rows can show theirs; a flat form's paths are its field names.
 * `prepare` turns the form's values into what the rule checks (tags list → joined text…); keep it
 * stable (module level), it is a dependency of the callbacks.
 */
export function useRuleForm<V extends object, S extends z.ZodType>(schema: S, initial: V, prepare: (values: V) => unknown = identity) {
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<PathErrors>({})
  const touched = useRef(new Set<string>())
  const submitted = useRef(false)
  const latest = useRef(values)
  latest.current = values

  const shown = useCallback((all: PathErrors): PathErrors => {
    if (submitted.current) return all
    return Object.fromEntries(Object.entries(all).filter(([p]) => touched.current.has(topOf(p))))
  }, [])
  const check = useCallback(
    (v: V): PathErrors => {
      const r = schema.safeParse(prepare(v))
      return r.success ? {} : issuesByPath(r.error)
    },
    [schema, prepare],
  )

  /**
   * A change of some fields; a function of the current values when it depends on them and runs
   * after an await (the values a component rendered with may be stale by then).
   */
  const patch = useCallback(
    (change: Partial<V> | ((current: V) => Partial<V>)) => {
      const delta = typeof change === 'function' ? change(latest.current) : change
      const next = { ...latest.current, ...delta }
      latest.current = next
      setValues(next)
      if (submitted.current || Object.keys(delta).some((k) => touched.current.has(k))) setErrors(shown(check(next)))
    },
    [check, shown],
  )
  const setValue = useCallback(<K extends keyof V>(field: K, value: V[K]) => patch({ [field]: value } as unknown as Partial<V>), [patch])

  const onBlur = useCallback(
    (field: keyof V & string) => {
      touched.current.add(field)
      setErrors(shown(check(latest.current)))
    },
    [check, shown],
  )

  /** Validate everything and show every message: the parsed values, or the messages by path. */
  const validate = useCallback((): { ok: true; data: z.output<S> } | { ok: false; errors: PathErrors } => {
    submitted.current = true
    const r = schema.safeParse(prepare(latest.current))
    if (r.success) {
      setErrors({})
      return { ok: true, data: r.data }
    }
    const all = issuesByPath(r.error)
    setErrors(all)
    return { ok: false, errors: all }
  }, [schema, prepare])

  /** Take the hub's answer as the new state of the form (after save): nothing touched, no messages. */
  const reset = useCallback((next: V) => {
    latest.current = next
    touched.current.clear()
    submitted.current = false
    setValues(next)
    setErrors({})
  }, [])

  /** '4001' per-field keys from the hub, shown under their fields. */
  const setFieldErrors = useCallback((fieldErrors: Record<string, string>) => setErrors((e) => ({ ...e, ...fieldErrors })), [])

  return { values, errors, patch, setValue, onBlur, validate, reset, setFieldErrors }
}
export type RuleForm<V extends object> = ReturnType<typeof useRuleForm<V, z.ZodType>>
