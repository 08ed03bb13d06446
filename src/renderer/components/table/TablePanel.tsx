import type { ReactNode } from 'react'
import { makeStyles, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  panel: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM },
  // The scroller has no padding of its own: a sticky column (the actions, tableLayout.ts) sticks
  // to the scroller's edge less its padding, and columns scrolling by would show in that gap.
  scroller: { overflowX: 'auto' },
})

/** The panel a list's table sits on: it scrolls sideways when the columns' minimums do not fit; `after` below it (an empty state). */
export function TablePanel({ children, after }: { children: ReactNode; after?: ReactNode }) {
  const styles = useStyles()
  return (
    <div className={styles.panel}>
      <div className={styles.scroller}>{children}</div>
      {after}
    </div>
  )
}
