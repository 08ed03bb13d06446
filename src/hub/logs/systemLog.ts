import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { HubDatabase } from '../store/schema'
import { systemLogRepository, type SystemEvent } from './systemLogRepository'
import type { LogWrite } from '../kernel/logOutput'
import { logsDb } from './tables'

/** A reference as the HTTP layer makes them (http/errors.ts): eight hex digits. */
export const newReference = (): string => randomUUID().slice(0, 8)

const REFERENCE = /^\[([0-9a-f]{8})\]\s*/
const SOURCE = /^\[([a-z][\w-]{0,30})\]\s*/i

/**
 * A line of the hub's log as a system-log event. Every line the hub logs is a warning or an
 * error (http/errors.ts: a failed call; the worker, the scheduler, the alarms: what failed in
 * the background); a line that already carries a reference ('[1a2b3c4d] …', the one the caller
 * was told) keeps it, any other gets a fresh one. The source is the line's '[schedule]' tag, or
 * 'http' for a failed call.
 */
export function eventOfLine(line: string): SystemEvent {
  let rest = line
  const ref = REFERENCE.exec(rest)
  if (ref) rest = rest.slice(ref[0].length)
  const tag = SOURCE.exec(rest)
  return {
    level: /refused|rejected|retrying|will retry|was replaced/i.test(rest) ? 'warning' : 'error',
    source: tag ? tag[1]!.toLowerCase() : ref ? 'http' : 'hub',
    reference: ref ? ref[1]! : newReference(),
    message: tag ? rest.slice(tag[0].length) : rest,
  }
}

/**
 * The hub's log (HubContext.log): each line goes to `write` (stderr, or a test's list) with its
 * reference in front and its event (for JSON lines: logOutput.ts), and into the system log. Storing is in the background and may fail (the
 * store may be what broke): the line was written anyway.
 */
export function systemLogSink(db: () => Kysely<HubDatabase> | null, write: LogWrite): (line: string) => void {
  return (line) => {
    const event = eventOfLine(line)
    write(REFERENCE.test(line) ? line : `[${event.reference}] ${line}`, event)
    const store = db()
    if (store) void systemLogRepository.add(logsDb(store), event).catch(() => {})
  }
}

/** Records an event the hub reports on its own (a run that failed, a worker replaced), with a fresh reference. */
export async function reportSystemEvent<DB extends HubDatabase>(db: Kysely<DB>, event: Omit<SystemEvent, 'reference'>, now = Date.now()): Promise<string> {
  const reference = newReference()
  // Any view of the hub's store (an area's withTables) holds the log tables too.
  await systemLogRepository.add(logsDb(db as unknown as Kysely<HubDatabase>), { ...event, reference }, now)
  return reference
}
