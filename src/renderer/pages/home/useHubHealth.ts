import { health } from '../../../shared/contract/platform/startup'
import type { EndpointOutput } from '../../../shared/endpoint'
import { useHubQuery } from '../../api/query'

export type HubHealth = EndpointOutput<typeof health>

/** `hub.health` with a refresh; failures show in the card itself, not as a toast. */
export function useHubHealth() {
  const { data, error, loading, reload } = useHubQuery(health, undefined, { quiet: true })
  return { data: data ?? null, error: error?.message ?? null, loading, refresh: reload }
}
