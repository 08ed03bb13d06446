import { makeStyles, tokens } from '@fluentui/react-components'

/**
 * How every console table shares its width (issue 24: columns ran into each other at 1280 px).
 * The table lays itself out automatically, and each data column has a minimum width: the room
 * beyond the minimums is shared among the columns, below them the table grows wider than its
 * panel and the panel scrolls sideways. `maxWidth: 0` lets a cell give up its text's length (the
 * text is cut with CellText's ellipsis) while `minWidth`, set per column, keeps it readable.
 * The actions column takes exactly what its buttons need, so they are never cut, and stays at the
 * panel's right edge while the rest scrolls under it: a row's actions are always in reach.
 */
export const useTableLayoutStyles = makeStyles({
  table: { tableLayout: 'auto' },
  cell: { maxWidth: 0 },
  // A column title wraps at its spaces instead of being cut; its longest word sets the column's least width.
  headerTitle: { display: 'block', whiteSpace: 'normal' },
  actions: {
    width: '1%',
    whiteSpace: 'nowrap',
    position: 'sticky',
    right: 0,
    // Opaque (the panel's colour) so the columns scrolling under it do not show through.
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `-${tokens.strokeWidthThin} 0 0 ${tokens.colorNeutralStroke2}`,
  },
})

/** Default minimum widths (CSS px) by what a column shows, when its definition names none. */
export const COLUMN_MIN_WIDTH = {
  text: 104,
  /** A count, a port, a weight. */
  number: 64,
  /** A short code (application code, HTTP method, language code). */
  short: 88,
  /** Paths, addresses, permission marks, keys, JSON: worth more room before the ellipsis. */
  wide: 150,
  /** yyyy-MM-dd hh:mm:ss in full. */
  date: 150,
  /** A dictionary label or a yes / no. */
  label: 72,
  list: 120,
  /** The status switch. */
  status: 64,
} as const

/** The inline style that gives a cell its column's minimum width. */
export const minWidthStyle = (px: number) => ({ minWidth: `${px}px` })
