import type { DeliveryStatus, MessageStatusFilter } from '../../../../shared/rules/datahub/runtime'

/** Badge colours of delivery states (Fluent's named colours, no raw ones). */
export const STATUS_COLOR: Record<DeliveryStatus, 'informative' | 'brand' | 'success' | 'danger' | 'warning'> = {
  pending: 'informative',
  delivering: 'brand',
  delivered: 'success',
  dead: 'danger',
  failed: 'warning',
}

/** The runtime namespace's key of a state's label. */
export const statusKey = (s: MessageStatusFilter): string => `runtime:status_${s}`

/** A pending delivery that already failed once is shown as "retrying". */
export const shownStatus = (status: DeliveryStatus, attempts: number): MessageStatusFilter => (status === 'pending' && attempts > 0 ? 'retrying' : status)
