/** The per-minute rollups (migration 0018) as Kysely sees them; the hourly ones (0023) have the same shape. */
export interface RollupsTable {
  /** Whole minutes since the epoch (UTC); in the hourly table, the hour's first minute (a multiple of 60). */
  minute: number
  topic_id: string
  /** '' on a topic's receipts; a consumer's id on its delivery outcomes. */
  consumer_id: string
  received: number
  delivered: number
  /** Deliveries the hub gave up (dead). */
  failed: number
  /** Failed tries that wait for another. */
  retrying: number
  log_expires_at: string
}

export type RollupTables = {
  dh_rollups: RollupsTable
  dh_rollups_hourly: RollupsTable
}

/** The two grains of rollups: every write adds to both, a series reads the coarsest that fits. */
export const ROLLUP_GRAINS = { minute: { table: 'dh_rollups', minutes: 1 }, hour: { table: 'dh_rollups_hourly', minutes: 60 } } as const
export type RollupGrain = keyof typeof ROLLUP_GRAINS
export type RollupTable = (typeof ROLLUP_GRAINS)[RollupGrain]['table']

/** The four counts, as the home page and the widgets name them. */
export const ROLLUP_METRICS = ['received', 'delivered', 'failed', 'retrying'] as const
export type RollupMetric = (typeof ROLLUP_METRICS)[number]

export const MINUTE_MS = 60_000
/** The rollup minute an instant falls in. */
export const minuteOf = (ms: number): number => Math.floor(ms / MINUTE_MS)
export const HOUR_MINUTES = 60
/** The first minute of the hour a minute falls in (the hourly rows' key). */
export const hourOf = (minute: number): number => minute - (minute % HOUR_MINUTES)
