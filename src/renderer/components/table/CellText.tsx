import { useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { makeStyles, mergeClasses, Tooltip } from '@fluentui/react-components'

const useStyles = makeStyles({
  // One line: a long value is cut with an ellipsis instead of running into the next column.
  root: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
})

/**
 * A table cell's content on one line, cut with an ellipsis when the column is narrower than it;
 * then, and only then, a tooltip shows the whole text (hover or keyboard focus inside).
 */
export function CellText({ children, className, style }: { children: ReactNode; className?: string; style?: CSSProperties }) {
  const styles = useStyles()
  const ref = useRef<HTMLSpanElement>(null)
  const [full, setFull] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  return (
    <Tooltip
      content={full ?? ''}
      relationship="description"
      visible={open && full !== null}
      onVisibleChange={(_, d) => {
        // Measured when asked for, not on every render: only a cut text needs the tooltip.
        const el = ref.current
        const cut = !!el && el.scrollWidth > el.clientWidth
        setFull(cut && el ? (el.textContent ?? '') : null)
        setOpen(d.visible && cut)
      }}
    >
      <span ref={ref} className={mergeClasses(styles.root, className)} style={style}>
        {children}
      </span>
    </Tooltip>
  )
}
