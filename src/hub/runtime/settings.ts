import { RETRY_UNIT_MS } from './queue/backoff'
import { DEFAULT_SCRIPT_LIMITS, type ScriptLimits } from './engines/scriptLimits'

/** Excel's own limit: a sheet holds at most this many rows. */
export const EXCEL_MAX_ROWS = 1_048_576

/** How the exchange runtime runs; every field has a default (config.ts reads the operator's). */
export interface RuntimeSettings {
  /** How often the worker looks for due deliveries. */
  pollMs: number
  /** Deliveries in flight per consumer: a slow consumer holds only its own slots. */
  perConsumer: number
  /**
   * Deliveries in flight per dblink consumer. More than perConsumer: the dblink thread writes
   * the messages waiting for one PostgreSQL table together (deliver/dbLinkTogether.ts), so the
   * more are waiting, the fewer statements a pull costs; a connection is still one of the
   * source's perConsumer.
   */
  perDbLinkConsumer: number
  /** Deliveries in flight in all. */
  maxInFlight: number
  /** One try may take this long before it counts as failed (spec: HTTP timeout 180000 ms). */
  deliveryTimeoutMs: number
  /** Unit of a consumer's retryTimeInterval (seconds; tests shorten it). */
  retryUnitMs: number
  /** A delivery held this long by a worker that vanished is taken over by another. */
  leaseMs: number
  /** How often expired payloads and logs are purged. */
  purgeEveryMs: number
  /** How often the scheduler looks for changed producers and for runs to take over or retry. */
  scheduleCheckMs: number
  /** A scheduled run's lease: renewed while it runs; a run whose node died is taken over after it. */
  runLeaseMs: number
  /**
   * The last row an excel consumer's sheet may use (rows count from 1, the code and header rows
   * included): a message that does not fit in a per-day workbook starts the next one
   * (<name>_2.xlsx …). Excel's own limit by default; lower keeps day files smaller.
   */
  excelRowLimit: number
  script: ScriptLimits
}

export const RUNTIME_DEFAULTS: RuntimeSettings = {
  pollMs: 500,
  perConsumer: 4,
  perDbLinkConsumer: 16,
  maxInFlight: 64,
  deliveryTimeoutMs: 180_000,
  retryUnitMs: RETRY_UNIT_MS,
  leaseMs: 10 * 60_000,
  purgeEveryMs: 10 * 60_000,
  scheduleCheckMs: 1000,
  runLeaseMs: 60_000,
  excelRowLimit: EXCEL_MAX_ROWS,
  script: DEFAULT_SCRIPT_LIMITS,
}

/** The settings in force: the defaults, then the operator's (HubConfig.runtime), then the caller's. */
export const runtimeSettings = (config: { runtime?: Partial<RuntimeSettings> }, overrides: Partial<RuntimeSettings> = {}): RuntimeSettings => ({
  ...RUNTIME_DEFAULTS,
  ...config.runtime,
  ...overrides,
})
