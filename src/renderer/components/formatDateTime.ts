const pad = (n: number): string => String(n).padStart(2, '0')

/** Spec §1: the default date format yyyy-MM-dd hh:mm:ss (24-hour, local time). Unparsable text is shown as is. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}
