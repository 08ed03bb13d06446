import { createStore } from '../../state/store'
import type { UnreadEvent } from './pollingMenus'

/** The polled counts by event (absent: not polled for this user, or not answered yet); the bell and the menu badges read them. */
export const unreadStore = createStore<{ counts: Partial<Record<UnreadEvent, number>> }>({ counts: {} })

export function setUnread(event: UnreadEvent, count: number | undefined): void {
  unreadStore.set((s) => {
    const counts = { ...s.counts }
    if (count === undefined) delete counts[event]
    else counts[event] = count
    return { counts }
  })
}
