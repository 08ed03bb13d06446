/**
 * The scheduling widget's vocabulary (spec §9): weekdays Monday–Sunday as 1–7, hours 00–23 shown
 * as 00–11 and 12–23, minutes every 5 from 00 to 55. A choice is stored as the comma-joined list
 * of its values in order (weeks '1,3,5', amHours '08,09', minutes '00,30').
 */
export const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const
const two = (n: number) => String(n).padStart(2, '0')
export const AM_HOURS = Array.from({ length: 12 }, (_, i) => two(i))
export const PM_HOURS = Array.from({ length: 12 }, (_, i) => two(i + 12))
export const MINUTES = Array.from({ length: 12 }, (_, i) => two(i * 5))

export const splitList = (text: string): string[] => text.split(',').map((s) => s.trim()).filter(Boolean)

/** Turns one value on or off, keeping the order of `all`. */
export function toggleIn(text: string, value: string, on: boolean, all: readonly string[]): string {
  const set = new Set(splitList(text))
  if (on) set.add(value)
  else set.delete(value)
  return all.filter((v) => set.has(v)).join(',')
}
