import { useEffect } from 'react'
import { LIVE_RUN_REFRESH_MS } from './runLabels'

/** Asks again every LIVE_RUN_REFRESH_MS while `live` (a run shown is still running or retrying). */
export function useLiveReload(live: boolean, reload: () => void, ms: number = LIVE_RUN_REFRESH_MS): void {
  useEffect(() => {
    if (!live) return
    const timer = setInterval(reload, ms)
    return () => clearInterval(timer)
  }, [live, reload, ms])
}
