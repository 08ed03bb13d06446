/** The console's data layer: queries kept current, mutations that say what they made stale. */
export { AUTO_REFRESH_MS } from './autoRefresh'
export { invalidate } from './invalidation'
export { useHubLoad, type HubFailure, type Loaded, type LoadOptions } from './useHubLoad'
export { useHubMutation, type MutationOptions } from './useHubMutation'
export { useHubQuery, type QueryOptions } from './useHubQuery'
