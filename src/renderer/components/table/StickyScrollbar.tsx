import { useEffect, useRef, useState, type RefObject } from 'react'
import { makeStyles, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  // Held at the window's bottom edge while the table runs below it, under the table once it ends.
  bar: { position: 'sticky', bottom: 0, overflowX: 'auto', overflowY: 'hidden', backgroundColor: tokens.colorNeutralBackground1 },
  track: { height: '1px' },
})

/**
 * A second horizontal scrollbar for a table wider than its panel, kept on screen (issue 33: at
 * 1280 px the users list's columns passed under the sticky actions, and the table's own scrollbar
 * was at its bottom, below the fold, so nothing said there was more). It mirrors the scroller's
 * width and position both ways; when the table fits, there is none. Hidden from assistive
 * technology: the table's own scroller is still there, and scrolls with it.
 */
export function StickyScrollbar({ scroller, onOverflow }: { scroller: RefObject<HTMLDivElement | null>; onOverflow?: (overflows: boolean) => void }) {
  const styles = useStyles()
  const bar = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState<number | null>(null)
  useEffect(() => {
    const el = scroller.current
    if (!el) return
    const measure = () => setWidth(el.scrollWidth > el.clientWidth + 1 ? el.scrollWidth : null)
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    if (el.firstElementChild) observer.observe(el.firstElementChild)
    const follow = () => {
      if (bar.current && bar.current.scrollLeft !== el.scrollLeft) bar.current.scrollLeft = el.scrollLeft
    }
    el.addEventListener('scroll', follow)
    measure()
    return () => {
      observer.disconnect()
      el.removeEventListener('scroll', follow)
    }
  }, [scroller])
  useEffect(() => onOverflow?.(width !== null), [width, onOverflow])
  if (width === null) return null
  return (
    <div
      ref={bar}
      className={styles.bar}
      aria-hidden
      data-testid="sticky-scrollbar"
      onScroll={(e) => {
        const el = scroller.current
        if (el && el.scrollLeft !== e.currentTarget.scrollLeft) el.scrollLeft = e.currentTarget.scrollLeft
      }}
    >
      <div className={styles.track} style={{ width: `${width}px` }} />
    </div>
  )
}
