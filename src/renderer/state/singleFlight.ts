/**
 * Run at most one instance of an async loader at a time: a second caller while one is running
 * shares its promise. Keeps a burst of 'data.versions' events from fetching the same set twice.
 */
export function singleFlight<T>(fn: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null
  return () => {
    running ??= fn().finally(() => {
      running = null
    })
    return running
  }
}
