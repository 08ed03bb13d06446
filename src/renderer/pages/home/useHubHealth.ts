import { useCallback, useEffect, useState } from 'react'
import { health } from '../../../shared/contract/platform/startup'
import type { EndpointOutput } from '../../../shared/endpoint'
import { callHub } from '../../api/hub'

export type HubHealth = EndpointOutput<typeof health>

/** `hub.health` with a refresh; failures show in the card itself, not as a toast. */
export function useHubHealth() {
  const [data, setData] = useState<HubHealth | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const refresh = useCallback(async () => {
    setLoading(true)
    const r = await callHub(health, undefined, { quiet: true })
    if (r.ok) {
      setData(r.data)
      setError(null)
    } else setError(r.message)
    setLoading(false)
  }, [])
  useEffect(() => {
    void refresh()
  }, [refresh])
  return { data, error, loading, refresh }
}
