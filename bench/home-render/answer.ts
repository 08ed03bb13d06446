import { HOME_CARDS_MAX, HOME_CONSUMERS_MAX, HOME_RANGES, type HomeBucket, type HomeData } from '../../src/shared/contract/ops/home'

/**
 * A fixed home data answer of the size the bench's store holds (bench/homeData.bench.ts): a card
 * per topic of 200, the three series at their bucket sizes, full consumer lists, today's runs and
 * open alarms. Deterministic, so both pages of a run draw the same thing.
 */
export function homeAnswer(now = Date.UTC(2026, 10, 25, 9, 0, 0)): HomeData {
  const series = (range: keyof typeof HOME_RANGES): HomeBucket[] => {
    const { minutes, bucket } = HOME_RANGES[range]
    const size = bucket * 60_000
    const first = Math.floor((now - minutes * 60_000) / size) * size
    const out: HomeBucket[] = []
    for (let at = first, i = 0; at < now; at += size, i++) out.push({ at: new Date(at).toISOString(), received: 40 + (i % 7) * bucket, delivered: 38 + (i % 5) * bucket, failed: i % 11 === 0 ? bucket : 0, retrying: i % 13 === 0 ? bucket : 0 })
    return out
  }
  const consumer = (i: number) => ({ consumerId: `c${i}`, topicCode: `bench.home.${String(i).padStart(3, '0')}`, applicationName: 'ERP', failed: 10 - i, waiting: 100 - i, oldestAt: new Date(now - i * 600_000).toISOString() })
  return {
    at: new Date(now).toISOString(),
    cards: Array.from({ length: HOME_CARDS_MAX }, (_, i) => ({
      topicCode: `bench.home.${String(i).padStart(3, '0')}`,
      name: `Home topic ${i}`,
      appName: 'CRM',
      applicationName: 'ERP, WMS',
      status: '1',
      exceptionNo: i % 9 === 0 ? i : 0,
      received: 5000 + i,
    })),
    series: { hour: series('hour'), day: series('day'), week: series('week') },
    totals: { received: 1_200_000, delivered: 1_190_000, failed: 130, retrying: 110 },
    mostFailing: Array.from({ length: HOME_CONSUMERS_MAX }, (_, i) => consumer(i)),
    oldestBacklog: Array.from({ length: HOME_CONSUMERS_MAX }, (_, i) => consumer(i + 5)),
    runs: {
      list: Array.from({ length: 20 }, (_, i) => ({ id: `r${i}`, topicCode: 'bench.home.001', producerName: 'CRM', plannedAt: new Date(now - i * 1_800_000).toISOString(), state: i % 6 === 0 ? 'failed' : 'succeeded', messagesAccepted: 100, messagesRefused: i % 6 === 0 ? 3 : 0, error: '' })),
      byState: { succeeded: 16, failed: 4 },
    },
    alarms: { open: 5, list: Array.from({ length: 5 }, (_, i) => ({ id: `a${i}`, rule: 'consumer_dead', objectName: `ERP ${i}`, topicCode: 'bench.home.002', lastSeenAt: new Date(now - i * 60_000).toISOString(), count: i + 1 })) },
  }
}
