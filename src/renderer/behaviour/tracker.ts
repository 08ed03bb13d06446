import type { BehaviourEvent } from '../../shared/contract/platform/startup'
import { BEHAVIOUR_BATCH } from '../../shared/contract/platform/startup'

/** What sending a batch answered: the hub's code, '2000' on success. */
export type SendBatch = (events: BehaviourEvent[]) => Promise<{ ok: boolean; code?: string }>

export interface TrackerOptions {
  send: SendBatch
  /** Only signed-in users can push; events wait in the queue until then. */
  canSend: () => boolean
  batchSize?: number
  /** Oldest events are dropped beyond this (the endpoint takes at most 100 per call). */
  maxQueue?: number
}

// Field limits of behaviourEventSchema: longer values would make the hub refuse the batch.
const LIMITS = { info: 2000, err: 8000, vm: 200, url: 2000, type: 32 } as const
const clip = (v: string | undefined, n: number): string | undefined => (v == null ? v : v.length > n ? v.slice(0, n) : v)

/**
 * Batches user-behaviour events (page views, nav clicks, client errors) and pushes them every
 * `batchSize` (spec: 20). A batch the hub refuses with its custom code 4000 is dropped silently;
 * any other failure drops it too, logged, so that a broken push can never snowball into retries.
 */
export class BehaviourTracker {
  private queue: BehaviourEvent[] = []
  private sending = false
  private readonly batchSize: number
  private readonly maxQueue: number

  constructor(private readonly options: TrackerOptions) {
    this.batchSize = options.batchSize ?? BEHAVIOUR_BATCH
    this.maxQueue = options.maxQueue ?? 100
  }

  get pending(): number {
    return this.queue.length
  }

  track(event: Omit<BehaviourEvent, 'time'> & { time?: string }): void {
    this.queue.push({
      type: clip(event.type, LIMITS.type) ?? 'event',
      info: clip(event.info, LIMITS.info),
      err: clip(event.err, LIMITS.err),
      vm: clip(event.vm, LIMITS.vm),
      url: clip(event.url, LIMITS.url),
      // ISO 8601 on the wire: unambiguous across time zones; the screens format it for display.
      time: event.time ?? new Date().toISOString(),
    })
    if (this.queue.length > this.maxQueue) this.queue.splice(0, this.queue.length - this.maxQueue)
    if (this.queue.length >= this.batchSize) void this.flushFull()
  }

  /** Forget what is queued (the session it belonged to ended without a sign-out). */
  clear(): void {
    this.queue = []
  }

  /** Push whatever is queued (sign-out sends the rest while the session is still valid). */
  async flush(): Promise<void> {
    while (this.queue.length > 0 && !this.sending && this.options.canSend()) {
      await this.sendBatch(this.queue.splice(0, this.batchSize))
    }
  }

  private async flushFull(): Promise<void> {
    while (this.queue.length >= this.batchSize && !this.sending && this.options.canSend()) {
      await this.sendBatch(this.queue.splice(0, this.batchSize))
    }
  }

  private async sendBatch(batch: BehaviourEvent[]): Promise<void> {
    this.sending = true
    try {
      const r = await this.options.send(batch)
      if (!r.ok && r.code !== '4000') console.warn(`[behaviour] batch of ${batch.length} dropped: ${r.code}`)
    } catch (e) {
      console.warn('[behaviour] batch dropped', e)
    } finally {
      this.sending = false
    }
  }
}
