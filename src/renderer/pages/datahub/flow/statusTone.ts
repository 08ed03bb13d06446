import type { BoxKind } from './flowActions'

/**
 * Spec §2: "Producer card tile: status colour (0 grey, otherwise green)". Producers run in '1'
 * and '2'; a consumer runs only in '1' ('2' is stopped, '0' new); a topic is enabled in '1'.
 */
export function isRunning(kind: BoxKind, status: string): boolean {
  if (kind === 'producer') return status !== '0'
  return status === '1'
}
