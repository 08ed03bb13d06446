/**
 * The hub's own figures a widget can show (data type `metric`), each answered as a small table
 * by src/hub/dashboards/hubMetrics.ts (resolveHubMetric):
 * - messages_by_state: deliveries per state (pending, delivering, delivered, failed, dead);
 * - consumer_backlog: per consumer, the undelivered messages and the age of the oldest (s);
 * - runs_by_state: scheduled runs per state (running, succeeded, failed, retrying, cancelled);
 * - the series of the home page's rollups (HUB_SERIES): a time column (ISO instant of each
 *   bucket's start) and a count column per figure, over a window ending now — received,
 *   delivered, failed (given up) and retrying per minute over the last hour, each alone or the
 *   four together, and the four per hour over the last day. A series widget may name a topic
 *   (its code, in the widget's content) to count that topic's messages only.
 */
export const HUB_SERIES = {
  received_per_minute: { counts: ['received'], minutes: 60, bucket: 1 },
  delivered_per_minute: { counts: ['delivered'], minutes: 60, bucket: 1 },
  failed_per_minute: { counts: ['failed'], minutes: 60, bucket: 1 },
  retrying_per_minute: { counts: ['retrying'], minutes: 60, bucket: 1 },
  messages_per_minute: { counts: ['received', 'delivered', 'failed', 'retrying'], minutes: 60, bucket: 1 },
  messages_per_hour: { counts: ['received', 'delivered', 'failed', 'retrying'], minutes: 1440, bucket: 60 },
} as const satisfies Record<string, { counts: readonly ('received' | 'delivered' | 'failed' | 'retrying')[]; minutes: number; bucket: number }>
export type HubSeriesMetric = keyof typeof HUB_SERIES

export const HUB_METRICS = ['messages_by_state', 'consumer_backlog', 'runs_by_state', ...(Object.keys(HUB_SERIES) as HubSeriesMetric[])] as const
export type HubMetric = 'messages_by_state' | 'consumer_backlog' | 'runs_by_state' | HubSeriesMetric

export const isSeriesMetric = (metric: string): metric is HubSeriesMetric => Object.hasOwn(HUB_SERIES, metric)

/** A series widget's topic (its code): as long as a topic code may be. */
export const SERIES_TOPIC_MAX = 64
