/**
 * What the hub's parts report to its metrics (src/hub/metrics/, GET /metrics), as HubContext
 * carries it: absent when HUB_METRICS is off, so each report is one optional call that costs
 * nothing then. Kept free of imports: http/context.ts and the runtime name it without reaching
 * prom-client or the store.
 */

/** How one try of a pushed delivery ended, as the worker recorded it. */
export interface TryEnding {
  /** The consumer's dataConsumeType (http, mq, …); 'unknown' when the consumer is gone. */
  consumeType: string
  outcome: 'delivered' | 'retry' | 'dead'
  /** When the try started and ended (epoch ms). */
  startedAt: number
  endedAt: number
  /** When the hub received the message (ISO); null when the message is gone. */
  receivedAt: string | null
}

export interface HubMetrics {
  /** A try of a pushed delivery was recorded (by the worker that held it). */
  tryEnded(ending: TryEnding): void
  /** A scheduled run ended (or was set retrying) on this node. */
  runEnded(mode: string, state: string): void
  /** The Prometheus text of everything measured, with its content type. */
  scrape(): Promise<{ contentType: string; text: string }>
}
