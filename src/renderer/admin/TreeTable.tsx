import { useTranslation } from 'react-i18next'
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { RowActions } from '../components/table/RowActions'
import { useTableLayoutStyles } from '../components/table/tableLayout'
import { ColumnCell, ColumnHeaderCell } from './ColumnCells'
import { editActions } from './editActions'
import type { ColumnDef } from './resource'

export interface TreeTableActions<N> {
  addChildLabel: string
  addChild: (node: N) => void
  edit: (node: N) => void
  remove: (node: N) => void
}

/** Depth-first rows of a tree with their depth. */
function rowsOf<N extends { children: readonly N[] }>(nodes: readonly N[], depth = 0): { node: N; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...rowsOf(node.children, depth + 1)])
}

/**
 * The spec's tree table (menus, positions under link model 1): every node under its parent, cells
 * as in a resource table (ColumnCells: minimum widths, long values cut with a tooltip), the first
 * column indented by depth, and add child / edit / delete on each row when `actions` is given
 * (left out for users without the permission).
 */
export function TreeTable<N extends { id: string; children: readonly N[] }>({ label, nodes, columns, actions }: { label: string; nodes: readonly N[]; columns: readonly ColumnDef<N>[]; actions?: TreeTableActions<N> }) {
  const { t } = useTranslation()
  const layout = useTableLayoutStyles()
  const first = columns[0]
  return (
    <Table size="small" className={layout.table} aria-label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((c) => (
            <ColumnHeaderCell key={c.key} column={c} />
          ))}
          {actions && <TableHeaderCell className={layout.actions}>{t('admin:col_actions')}</TableHeaderCell>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rowsOf(nodes).map(({ node, depth }) => (
          <TableRow key={node.id}>
            {columns.map((c, i) => (
              <ColumnCell key={c.key} column={c} row={node} depth={i === 0 ? depth : 0} />
            ))}
            {actions && (
              <TableCell className={layout.actions}>
                <RowActions
                  name={first ? String((node as Record<string, unknown>)[first.key] ?? node.id) : node.id}
                  items={[
                    { key: 'child', label: actions.addChildLabel, icon: <AddRegular />, onClick: () => actions.addChild(node) },
                    ...editActions(
                      t,
                      () => actions.edit(node),
                      () => actions.remove(node),
                    ),
                  ]}
                />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
