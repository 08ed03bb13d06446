import { useEffect, useRef } from 'react'

const FOCUSABLE = 'input, select, textarea, button, [href], [tabindex]:not([tabindex="-1"])'

/**
 * Issue 44 (item 4): keeps focus in a dialog whose content changes under it. A save disables its
 * button while it runs and a first save reloads the form as the saved record, so the control
 * the user was on is disabled or replaced and focus falls to the body. When the dialog settles
 * again (`settled`: no save running, the form loaded) and focus is nowhere, it goes back to that
 * control, or, if it is gone, to the control now at the same place among the dialog's focusable
 * ones (the same field of the reloaded form). Only then: moving focus on other renders fought
 * the pointer (a radio clicked in the producer editor did not take).
 *
 * Listens natively, not through React: focus in a nested dialog (a portal, elsewhere in the DOM)
 * is not this dialog's.
 */
export function useKeptFocus(root: HTMLElement | null, settled: boolean): void {
  const last = useRef<{ element: HTMLElement; index: number } | null>(null)
  useEffect(() => {
    if (!root) return
    const onFocusIn = (e: FocusEvent) => {
      if (!(e.target instanceof HTMLElement)) return
      last.current = { element: e.target, index: [...root.querySelectorAll(FOCUSABLE)].indexOf(e.target) }
    }
    root.addEventListener('focusin', onFocusIn)
    return () => root.removeEventListener('focusin', onFocusIn)
  }, [root])
  useEffect(() => {
    const was = last.current
    if (!settled || !root || !was || (document.activeElement && document.activeElement !== document.body)) return
    const usable = (el: Element | undefined): el is HTMLElement => el instanceof HTMLElement && el.isConnected && !el.matches(':disabled')
    const target = usable(was.element) ? was.element : [...root.querySelectorAll(FOCUSABLE)][was.index]
    if (usable(target) && root.contains(target)) target.focus()
  }, [root, settled])
}
