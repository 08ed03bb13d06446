import { useRef, useState, type ReactNode } from 'react'
import { makeStyles, tokens } from '@fluentui/react-components'
import { StickyScrollbar } from './StickyScrollbar'

const useStyles = makeStyles({
  panel: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM },
  // The scroller has no padding of its own: a sticky column (the actions, tableLayout.ts) sticks
  // to the scroller's edge less its padding, and columns scrolling by would show in that gap.
  // Its own scrollbar is not drawn: the sticky one below stands for it, on screen (StickyScrollbar).
  scroller: { overflowX: 'auto', scrollbarWidth: 'none' },
})

/** The panel a list's table sits on: it scrolls sideways when the columns' minimums do not fit; `after` below it (an empty state). */
export function TablePanel({ children, after }: { children: ReactNode; after?: ReactNode }) {
  const styles = useStyles()
  const scroller = useRef<HTMLDivElement>(null)
  // Issue 44: a table wider than its panel scrolls by keyboard too (arrow keys once focused);
  // a narrow one adds no Tab stop.
  const [wide, setWide] = useState(false)
  return (
    <div className={styles.panel}>
      <div ref={scroller} className={styles.scroller} tabIndex={wide ? 0 : undefined}>
        {children}
      </div>
      <StickyScrollbar scroller={scroller} onOverflow={setWide} />
      {after}
    </div>
  )
}
