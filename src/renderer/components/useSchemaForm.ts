import { useCallback, useRef, useState } from 'react'
import type { z } from 'zod'

export type FieldErrors<F extends string> = Partial<Record<F, string>>

/** First issue per top-level field, as message keys (the shared rules carry keys, not texts). */
export function issuesByField<F extends string>(error: z.ZodError): FieldErrors<F> {
  const out: FieldErrors<F> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as F
    if (field && !out[field]) out[field] = issue.message
  }
  return out
}

/**
 * A small form controller over one shared zod schema (spec §5: "all on blur, messages from
 * translation keys"): a field shows its error once it has been left (blur) or the form was
 * submitted, and re-checks as it is edited from then on. Errors are message keys; the form
 * translates them with t('messages:' + key).
 */
export function useSchemaForm<F extends string, S extends z.ZodType>(schema: S, initial: Record<F, string>) {
  const [values, setValues] = useState<Record<F, string>>(initial)
  const [errors, setErrors] = useState<FieldErrors<F>>({})
  const touched = useRef(new Set<F>())
  // Latest values for blur handlers fired right after a change in the same tick.
  const latest = useRef(values)
  latest.current = values

  const check = useCallback(
    (current: Record<F, string>): FieldErrors<F> => {
      const r = schema.safeParse(current)
      return r.success ? {} : issuesByField<F>(r.error)
    },
    [schema],
  )
  const showTouched = useCallback((all: FieldErrors<F>) => {
    const shown: FieldErrors<F> = {}
    for (const f of touched.current) if (all[f]) shown[f] = all[f]
    setErrors(shown)
  }, [])

  const setValue = useCallback(
    (field: F, value: string) => {
      const next = { ...latest.current, [field]: value }
      latest.current = next
      setValues(next)
      if (touched.current.has(field)) showTouched(check(next))
    },
    [check, showTouched],
  )

  const onBlur = useCallback(
    (field: F) => {
      touched.current.add(field)
      showTouched(check(latest.current))
    },
    [check, showTouched],
  )

  /** Touch every field and validate; the parsed (trimmed) values, or null when invalid. */
  const validate = useCallback((): z.output<S> | null => {
    for (const f of Object.keys(latest.current) as F[]) touched.current.add(f)
    const r = schema.safeParse(latest.current)
    if (r.success) {
      setErrors({})
      return r.data
    }
    setErrors(issuesByField<F>(r.error))
    return null
  }, [schema])

  /** Field messages the hub returned (4001), by key. */
  const setFieldErrors = useCallback((fieldErrors: Record<string, string>) => {
    setErrors((e) => ({ ...e, ...(fieldErrors as FieldErrors<F>) }))
  }, [])

  return { values, errors, setValue, onBlur, validate, setFieldErrors }
}
