import { z } from 'zod'
import { EXCEL_MAX_ROWS, RUNTIME_DEFAULTS, type RuntimeSettings } from './settings'

const count = z.int().positive()
/** The settings an operator may tune (HUB_RUNTIME); script limits stay the hub's own. */
const tunable = z.strictObject({
  pollMs: count,
  perConsumer: count,
  perDbLinkConsumer: count,
  maxInFlight: count,
  deliveryTimeoutMs: count,
  retryUnitMs: count,
  leaseMs: count,
  purgeEveryMs: count,
  scheduleCheckMs: count,
  runLeaseMs: count,
  excelRowLimit: count.max(EXCEL_MAX_ROWS),
})

export type TunableSettings = Partial<Omit<RuntimeSettings, 'script'>>

/**
 * Reads the runtime's tuning from JSON text (`{"leaseMs": 30000, "pollMs": 100}`); throws an
 * Error whose message names the field. A lease must outlast a try: a delivery still running
 * when its lease ends would be taken by another worker (or the same one) and sent twice.
 */
export function parseRuntimeSettings(text: string): TunableSettings {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new Error('must be a JSON object such as {"leaseMs": 30000}')
  }
  const parsed = tunable.partial().safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
    throw new Error(`${where}${issue.message} (fields: ${Object.keys(tunable.shape).join(', ')}, each a whole number above 0; excelRowLimit at most ${EXCEL_MAX_ROWS})`)
  }
  const settings = parsed.data
  const leaseMs = settings.leaseMs ?? RUNTIME_DEFAULTS.leaseMs
  const deliveryTimeoutMs = settings.deliveryTimeoutMs ?? RUNTIME_DEFAULTS.deliveryTimeoutMs
  if (leaseMs <= deliveryTimeoutMs) {
    throw new Error(`leaseMs (${leaseMs}) must be longer than deliveryTimeoutMs (${deliveryTimeoutMs}): a try still running when its lease ends would be sent again`)
  }
  return settings
}
