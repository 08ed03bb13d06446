/**
 * A list's day filters (yyyy-MM-dd, both days included, the hub's UTC clock) as bounds of an ISO
 * timestamp column (ISO text compares in time order on both stores): from the first day's start,
 * up to the start of the day after the last.
 */
export function dayRange(q: { timeFrom?: string | undefined; timeTo?: string | undefined }): { from?: string; until?: string } {
  const next = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString()
  return {
    ...(q.timeFrom ? { from: `${q.timeFrom}T00:00:00.000Z` } : {}),
    ...(q.timeTo ? { until: next(q.timeTo) } : {}),
  }
}
