import { useCallback, useState } from 'react'

/** The rows picked in a table for an action on a selection: `pick` adds or removes ids, `clear` forgets them all. */
export function usePicked() {
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set())
  const pick = useCallback(
    (ids: readonly string[], on: boolean) =>
      setPicked((p) => {
        const next = new Set(p)
        for (const id of ids) {
          if (on) next.add(id)
          else next.delete(id)
        }
        return next
      }),
    [],
  )
  const clear = useCallback(() => setPicked(new Set()), [])
  return { picked, pick, clear }
}
