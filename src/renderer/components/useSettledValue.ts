import { useEffect, useState } from 'react'

/**
 * `value` once it has stopped changing for `ms` (typed text: ask the hub when typing pauses, not on
 * every key); undefined until the first pause, so nothing is asked for a half-typed first value.
 * Compared by value (JSON), so an inline object is fine.
 */
export function useSettledValue<T>(value: T, ms: number): T | undefined {
  const [settled, setSettled] = useState<T | undefined>(undefined)
  const key = JSON.stringify(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
    // The key is the value; `value` itself is a new object on each render.
  }, [key, ms])
  return settled
}
