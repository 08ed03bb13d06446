import type { LicenceStatus } from '../../../shared/licence/format'

export type LicenceBadge = { color: 'success' | 'danger' | 'warning' | 'informative'; key: string }

/** How each licence state shows: the current licence's badge and the installed list's state column. */
export const STATUS_BADGE: Record<LicenceStatus, LicenceBadge> = {
  valid: { color: 'success', key: 'license:state_valid' },
  expired: { color: 'danger', key: 'license:state_expired' },
  invalid: { color: 'warning', key: 'license:state_invalid' },
  missing: { color: 'informative', key: 'license:state_missing' },
}
