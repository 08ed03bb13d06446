import { useTranslation } from 'react-i18next'
import { TableCell, TableHeaderCell, tokens } from '@fluentui/react-components'
import { CellText } from '../components/table/CellText'
import { COLUMN_MIN_WIDTH, minWidthStyle, useTableLayoutStyles } from '../components/table/tableLayout'
import type { ColumnDef } from './resource'
import { ResourceCell } from './ResourceCell'

/** The column's minimum width: its definition's, else the default for what it shows. */
export function columnMinWidth<R>(column: ColumnDef<R>): number {
  if (column.minWidth !== undefined) return column.minWidth
  if (column.kind === 'date') return COLUMN_MIN_WIDTH.date
  if (column.kind === 'list') return COLUMN_MIN_WIDTH.list
  if (column.dictType) return COLUMN_MIN_WIDTH.label
  return COLUMN_MIN_WIDTH.text
}

/**
 * A resource column's header: its label whole, on a second line when the column is narrower (a
 * cut title, "Data source n…" in English, does not say what the column is). The column is at least
 * as wide as the label's longest word.
 */
export function ColumnHeaderCell<R>({ column }: { column: ColumnDef<R> }) {
  const { t } = useTranslation()
  const layout = useTableLayoutStyles()
  return (
    <TableHeaderCell style={minWidthStyle(columnMinWidth(column))}>
      <span className={layout.headerTitle}>{t(column.label)}</span>
    </TableHeaderCell>
  )
}

/** A resource column's cell in a row (ResourceCell's value), cut the same way; `depth` indents it (a tree's first column). */
export function ColumnCell<R>({ column, row, depth }: { column: ColumnDef<R>; row: R; depth?: number }) {
  const layout = useTableLayoutStyles()
  return (
    <TableCell className={layout.cell} style={minWidthStyle(columnMinWidth(column))}>
      <CellText style={depth ? { paddingLeft: `calc(${tokens.spacingHorizontalL} * ${depth})` } : undefined}>
        <ResourceCell column={column} row={row} />
      </CellText>
    </TableCell>
  )
}
