import type { TFunction } from 'i18next'

/** Seconds → whole days, hours, minutes, seconds (for the hub's uptime). */
export function splitDuration(totalSeconds: number): { d: number; h: number; m: number; s: number } {
  const t = Math.max(0, Math.floor(totalSeconds))
  return { d: Math.floor(t / 86400), h: Math.floor((t % 86400) / 3600), m: Math.floor((t % 3600) / 60), s: t % 60 }
}

/** '1 天 2 小时 3 分 4 秒', starting at the largest unit that is not zero ('4 秒' after a restart). */
export function formatUptime(totalSeconds: number, t: TFunction): string {
  const { d, h, m, s } = splitDuration(totalSeconds)
  const parts = [
    { n: d, text: t('home:uptime_d', { count: d }) },
    { n: h, text: t('home:uptime_h', { count: h }) },
    { n: m, text: t('home:uptime_m', { count: m }) },
    { n: s, text: t('home:uptime_s', { count: s }) },
  ]
  const first = parts.findIndex((p) => p.n > 0)
  return parts.slice(first < 0 ? 3 : first).map((p) => p.text).join(' ')
}
