import { useEffect, useRef } from 'react'

/** Spec part 2 §9: "Auto-refresh of loaded table data after 10 seconds". */
export const AUTO_REFRESH_MS = 10_000

/**
 * Whether the user is in the middle of something a refreshed list would disturb: typing in a
 * field (a search criterion, a cell), a text selection being copied, an open menu or list of
 * choices, a confirmation asked; or the window is not shown at all. Then a background refresh waits for the next tick.
 */
export function userIsBusy(doc: Document = document): boolean {
  if (doc.hidden) return true
  const active = doc.activeElement
  if (active instanceof HTMLElement && (active.isContentEditable || active.matches(EDITING))) return true
  const selection = doc.getSelection?.()
  if (selection && !selection.isCollapsed && selection.toString().trim() !== '') return true
  return doc.querySelector(CHOOSING) !== null
}
const EDITING = 'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]), textarea, select, [role="combobox"], [role="textbox"]'
const CHOOSING = '[role="menu"], [role="listbox"], [role="alertdialog"]'

/**
 * Calls `refresh` every `every` ms while mounted, skipping a tick while `paused` (the page's own
 * reason: rows picked, its dialog open, a load on its way) or while the user is busy (userIsBusy).
 * No `every`: nothing.
 */
export function useAutoRefresh(refresh: () => void, every: number | undefined, paused: boolean): void {
  const state = useRef({ refresh, paused })
  state.current = { refresh, paused }
  useEffect(() => {
    if (!every) return
    const timer = setInterval(() => {
      if (!state.current.paused && !userIsBusy()) state.current.refresh()
    }, every)
    return () => clearInterval(timer)
  }, [every])
}
