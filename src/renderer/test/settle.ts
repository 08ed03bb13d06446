import { act } from '@testing-library/react'

/**
 * Lets what was just set in motion (a late fake hub answer, an event nobody should hear) run its
 * course before a test checks that nothing changed: the promises chained off it are microtasks,
 * all done before the next macrotask, and `act` renders whatever state they set. An event to wait
 * on, not a guess at how long a busy machine needs — a fixed sleep passes vacuously when slow.
 */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
}
