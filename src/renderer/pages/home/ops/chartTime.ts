const pad = (n: number): string => String(n).padStart(2, '0')
const DAY_MS = 86_400_000

/**
 * The home chart's time axis labels, in the console's own date style (24-hour, MM-dd, as
 * formatDateTime writes them) rather than the chart's locale default, which in Chinese reads
 * "下午06:50" (12-hour, and Chinese run into the digits). Within a day, the time; over a longer
 * span, the day, with the time when the label is not at midnight.
 */
export function chartTimeLabel(at: Date, spanMs: number): string {
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`
  if (spanMs <= DAY_MS) return time
  const day = `${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
  return at.getHours() === 0 && at.getMinutes() === 0 ? day : `${day} ${time}`
}
