import { useEffect, useRef } from 'react'

/** The focused element, unless focus is nowhere (the body). */
const focused = (): HTMLElement | null => {
  const a = typeof document === 'undefined' ? null : document.activeElement
  return a instanceof HTMLElement && a !== document.body ? a : null
}

/**
 * Issue 44 (item 2): gives focus back to what opened a dialog once it closes, by Escape, the
 * close button or the backdrop, whether the caller unmounts it or sets `open` false. Fluent
 * restores focus only to a DialogTrigger; the console opens its dialogs from its own buttons, so
 * focus fell to the body and the next Tab went to the pager.
 *
 * The opener is read while rendering the opening, before Fluent moves focus into the surface.
 * It is focused after the dialog is gone, and only if focus is nowhere by then: a dialog that
 * opens another one (or a page that moves focus on purpose) keeps its choice.
 */
export function useFocusReturn(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null)
  const wasOpen = useRef(false)
  if (open && !wasOpen.current) opener.current = focused()
  wasOpen.current = open
  useEffect(() => {
    if (!open) return
    return () => {
      const target = opener.current
      opener.current = null
      // After the surface has left the DOM (and Fluent's own focus handling has run).
      setTimeout(() => {
        if (target?.isConnected && focused() === null) target.focus()
      }, 0)
    }
  }, [open])
}
