import type { Producer } from '../../../shared/contract/datahub/producer'
import type { Topic } from '../../../shared/contract/datahub/topic'
import type { HubContext } from '../../http/context'
import type { PagingStopReason } from '../../../shared/rules/datahub/pagingStop'
import { KeyedError, type KeyedText } from '../../text/keyedText'

/**
 * What a scheduled producer's mode reads from its source (issue 14). A run of the scheduler
 * (`../schedule/`) asks the producer's fetcher for batches and hands each batch to the accept
 * path — the same pre-processing, format and schema checks, routing and delivery rows as a
 * pushed message — committing the batch's messages, the run's counts and the batch's
 * checkpoint in one transaction. So a run that dies between batches resumes after the last
 * committed batch: a row is never stored twice nor skipped.
 */

/**
 * Where a producer's source was read up to: opaque to the scheduler, JSON to the store. A dblink
 * incremental pull keeps its watermark and tie-break key here; http its task time; excel the
 * file and row it is in.
 */
export type Checkpoint = { readonly [key: string]: string | number | boolean | null }

/** One batch read from the source. */
export interface FetchedBatch {
  /**
   * The data of each message, as a push would send it: a JSON value for a json topic, the
   * document's text for an xml one. An empty list is allowed (a page with nothing new that
   * still moves the checkpoint).
   */
  messages: readonly unknown[]
  /** Source rows, entries or records this batch read (a batched dblink message holds many). */
  rowsRead: number
  /** The checkpoint after this batch; committed with its messages. Omitted: unchanged. */
  checkpoint?: Checkpoint
  /**
   * On a run's last batch of a paged source: why the paging stopped (shared/rules/datahub/
   * pagingStop.ts), kept on the run for its history.
   */
  pagingStop?: PagingStopReason
}

/** What a fetcher is given for one run. */
export interface FetchContext {
  /** What a fetcher may use of the hub: its store (data sources, secrets), settings and log. */
  hub: Pick<HubContext, 'store' | 'config' | 'log'>
  producer: Producer
  topic: Topic
  run: {
    id: string
    /** The fire this run is for (ISO); a "run now" run's planned time is when it was asked. */
    plannedAt: string
    /** 0 for the first try of a fire, then 1, 2 … for the producer's retries. */
    attempt: number
  }
  /** The producer's last committed checkpoint; null before its first batch ever. */
  checkpoint: Checkpoint | null
  /**
   * Aborted when the run must stop: the producer or its topic was disabled, the node is
   * shutting down or lost its lease. A fetcher stops reading and closes its source; the batches
   * already yielded stay committed.
   */
  signal: AbortSignal
}

/**
 * Reads the source from `checkpoint` on, batch by batch, holding about one batch in memory (a
 * cursor, a page, one entry set; dblink also the next page, read ahead). The scheduler asks for the next batch only once the last
 * one is committed: code after a `yield` runs with that batch stored (an excel workbook is
 * moved to done/ there). Throws a `FetchError` with a reason an operator can act
 * on when the source cannot be read; the run then fails (and is retried by the producer's
 * retry settings).
 */
export type Fetcher = (context: FetchContext) => AsyncIterable<FetchedBatch>

/**
 * A failure of the source, worded for the run history (never carrying a password or token): a
 * message key with its parameters (text/keyedText.ts), rendered in the reader's language.
 */
export class FetchError extends KeyedError {
  constructor(text: KeyedText) {
    super(text)
    this.name = 'FetchError'
  }
}
