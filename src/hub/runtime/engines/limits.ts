import { EngineError } from './payload'

/**
 * Bounds on what one message may make the engines do, beyond a script's time and memory
 * (scriptLimits.ts). Pushed data is at most the hub's body limit (2 MB), so these leave normal
 * messages alone and stop the shapes that turn a small push into a large job: nesting that
 * makes a path select every level again (`//item`, `$..item`), and results many times the data.
 */
/** Levels of JSON arrays and objects, or of XML elements, a pushed message may have. */
export const MAX_NESTING_DEPTH = 256
/** Bytes (UTF-8) of one processor's result: four times the largest push. */
export const MAX_OUTPUT_BYTES = 8 * 1024 * 1024
/** Waiting engine tasks of one topic's pushes before the next push is refused as busy. */
export const MAX_WAITING_PER_TOPIC = 16

const MB = 1024 * 1024

/** Which bound was hit, with what a caller's message names (refusals.ts translates it). */
export type LimitReason =
  | { kind: 'depth'; limit: number }
  | { kind: 'output'; limitMb: number }
  | { kind: 'memory'; limitMb: number }
  | { kind: 'busy' }

/** An engine stopped at one of its bounds: an EngineError that says which. */
export class EngineLimit extends EngineError {
  override name = 'EngineLimit'
  constructor(
    readonly reason: LimitReason,
    message: string,
  ) {
    super(message)
  }
}

export const tooDeep = () => new EngineLimit({ kind: 'depth', limit: MAX_NESTING_DEPTH }, `the data is nested deeper than ${MAX_NESTING_DEPTH} levels`)

export const outputTooLarge = () =>
  new EngineLimit({ kind: 'output', limitMb: MAX_OUTPUT_BYTES / MB }, `the result is larger than ${MAX_OUTPUT_BYTES / MB} MB`)

export const outOfMemory = (bytes: number, who = 'JavaScript') =>
  new EngineLimit({ kind: 'memory', limitMb: Math.round(bytes / MB) }, `${who} stopped: it needed more than ${Math.round(bytes / MB)} MB of memory`)

export const busy = (topicCode: string) => new EngineLimit({ kind: 'busy' }, `too many messages of topic ${topicCode} are waiting for their processors`)

/**
 * The result's text, refused past MAX_OUTPUT_BYTES. Length in UTF-16 units never exceeds the
 * UTF-8 byte count, so `parts` can be cut short as soon as their length alone is over.
 */
export function boundedText(parts: Iterable<string>, separator = ''): string {
  const kept: string[] = []
  let length = 0
  for (const part of parts) {
    length += part.length + (kept.length > 0 ? separator.length : 0)
    if (length > MAX_OUTPUT_BYTES) throw outputTooLarge()
    kept.push(part)
  }
  const text = kept.join(separator)
  if (Buffer.byteLength(text) > MAX_OUTPUT_BYTES) throw outputTooLarge()
  return text
}
