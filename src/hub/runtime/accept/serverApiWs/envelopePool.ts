import { availableParallelism } from 'node:os'
import { WorkerPool } from '../../../threads/pool'
import { workerEntry } from '../../../threads/spawn'
import { Refusal } from '../../../kernel/refusal'
import type { SoapVersion } from '../../soap/versions'
import type { EnvelopeAnswer, EnvelopeTask } from './envelopeTask'

/**
 * Pushed SOAP envelopes are read in worker threads: parsing the largest body the hub takes
 * (megabytes of XML) would otherwise hold up every request of the hub for its whole length.
 * A worker's heap is bounded, so a document that would take more fails that call, not the hub.
 */
const pool = new WorkerPool<EnvelopeTask, EnvelopeAnswer>({
  name: 'soapEnvelopes',
  entry: workerEntry(__filename, 'envelopeWorker'),
  size: Math.min(2, availableParallelism()),
  idleMs: 5 * 60_000,
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
})

/** The longest body (2 MB) may take seconds to parse on a busy machine; past this its worker is stopped. */
const READ_DEADLINE_MS = 20_000

/**
 * The request element's fields and the envelope's version, read in a worker; or the Refusal of
 * the envelope, with the version it was read in (null when it was no envelope). Any other
 * failure (a worker stopped) is thrown as it is: a system error.
 */
export async function readRequestOffThread(
  body: Buffer,
  contentType: string,
): Promise<{ version: SoapVersion; raw: Record<string, string | undefined> } | { version: SoapVersion | null; refusal: Refusal }> {
  // A copy of its own is moved: a small body may be a view of a buffer Node shares with others.
  const bytes = new Uint8Array(body)
  const answer = await pool.run({ body: bytes, contentType }, { deadlineMs: READ_DEADLINE_MS, transfer: [bytes.buffer] })
  if ('refused' in answer) return { version: answer.version, refusal: new Refusal(answer.refused.code, answer.refused.key, answer.refused.params) }
  return answer
}
