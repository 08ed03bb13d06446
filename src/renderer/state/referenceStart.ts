import { loadParameters, loadServerMessages, restoreCachedReference } from './reference'

/**
 * At start: the texts, parameters and dictionaries the last start cached are applied at once (the
 * console shows them before the hub answers); a set without a usable cache is fetched. A cached
 * set is fetched again only when a hub answer reports another version for it (versions.ts).
 */
export function startReferenceData(): void {
  const restored = restoreCachedReference()
  if (!restored.param) void loadParameters()
  if (!restored.lang) void loadServerMessages()
}
