import { useEffect, useRef, type RefObject } from 'react'
import { useLocation } from 'react-router-dom'
import { PAGE_HEADING_SELECTOR } from '../components/PageHeading'

/** How long a page may take to show its heading (its chunk and first data) before we give up. */
const WAIT_MS = 10_000

/**
 * Issue 44 item 8: after a navigation inside the console (the menu, a breadcrumb, a link), focus
 * moves to the new page's h1, so a keyboard or screen-reader user starts at the page and its
 * first Tab reaches the page's own controls. Not on the first page shown: there the first Tab
 * still offers the skip link. Focus the user (or the page) moved while the page was loading, or
 * that is in a dialog, is left where it is. The page's chunk loads lazily: its heading is waited for.
 */
export function useHeadingFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const root = main.current
    if (!root) return
    // Where focus was when the path changed: the menu item, a breadcrumb, a link.
    const from = document.activeElement
    const focusHeading = (): boolean => {
      const heading = root.querySelector<HTMLElement>(PAGE_HEADING_SELECTOR)
      if (!heading) return false
      const active = document.activeElement
      const movedSince = active !== from && active !== null && active !== document.body
      if (!movedSince && !active?.closest('[role=dialog], [role=alertdialog]')) heading.focus({ preventScroll: true })
      return true
    }
    // A frame later: a page that draws its own title removes the shell's heading in a render of
    // its own right after this commit; focus given to that one would fall to the body.
    let frame = 0
    const attempt = () => {
      window.cancelAnimationFrame(frame)
      frame = window.requestAnimationFrame(() => focusHeading() && stop())
    }
    const watch = new MutationObserver(attempt)
    const timer = window.setTimeout(() => stop(), WAIT_MS)
    const stop = () => {
      watch.disconnect()
      window.clearTimeout(timer)
      window.cancelAnimationFrame(frame)
    }
    watch.observe(root, { childList: true, subtree: true })
    attempt()
    return stop
  }, [pathname, main])
}
