/**
 * Group commit: callers hand in one item each and hear back once it is committed, but the
 * items that arrive while a batch is being committed go together in the next one, one
 * transaction (or one statement) for all. Under load the store then pays one round trip and
 * one disk flush per batch instead of per item; a lone caller is committed at once, no wait.
 *
 * When a batch fails, each of its items is committed again alone: one bad item (a constraint
 * it breaks, a byte the store refuses) is refused on its own and the others still go in. The
 * batch failed as a whole (one transaction), so nothing of it was kept before the retries.
 */
export type Committer<T, R> = (item: T) => Promise<R>

interface Waiting<T, R> {
  item: T
  resolve: (result: R) => void
  reject: (err: unknown) => void
}

/** `commit` takes a batch and answers one result per item, in order. */
export function groupCommit<T, R>(commit: (items: T[]) => Promise<R[]>, maxBatch = 256): Committer<T, R> {
  let waiting: Waiting<T, R>[] = []
  let running = false

  const alone = async (w: Waiting<T, R>) => {
    try {
      w.resolve((await commit([w.item]))[0]!)
    } catch (err) {
      w.reject(err)
    }
  }

  const drain = async () => {
    running = true
    try {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, maxBatch)
        waiting = waiting.slice(batch.length)
        if (batch.length === 1) {
          await alone(batch[0]!)
          continue
        }
        let results: R[]
        try {
          results = await commit(batch.map((w) => w.item))
        } catch {
          for (const w of batch) await alone(w)
          continue
        }
        batch.forEach((w, i) => w.resolve(results[i]!))
      }
    } finally {
      running = false
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject })
      if (!running) void drain()
    })
}
