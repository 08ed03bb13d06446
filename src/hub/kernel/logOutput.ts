
/** How the hub writes its log (HUB_LOG_FORMAT): lines for people, or JSON lines for a log collector. */
export const LOG_FORMATS = ['text', 'json'] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

/** A system-log line's event, as logs/systemLog.ts makes it (its SystemEvent has these fields). */
export interface LogEvent {
  level: string
  source: string
  reference: string
  message: string
}

/**
 * Where the hub's log lines go. A line of the system log comes with its event (systemLog.ts:
 * level, source, reference); the operator lines of start-up (where it listens, the first admin's
 * password) come alone and are `info`.
 */
export type LogWrite = (line: string, event?: LogEvent) => void

/**
 * The hub's output in `format`: each line as it is, or one JSON object per line with `time`,
 * `level`, `source`, `reference` and `message` — the reference a caller was told with a '5000'
 * (the console's error detail shows it), so a user's report finds its line.
 */
export function logOutput(format: LogFormat, out: (text: string) => void, now: () => Date = () => new Date()): LogWrite {
  if (format === 'text') return (line) => out(`${line}\n`)
  return (line, event) => {
    const time = now().toISOString()
    const record = event ? { time, level: event.level, source: event.source, reference: event.reference, message: event.message } : { time, level: 'info', message: line }
    out(`${JSON.stringify(record)}\n`)
  }
}
