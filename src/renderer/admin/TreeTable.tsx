import { useTranslation } from 'react-i18next'
import { Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import type { ColumnDef } from './resource'
import { ResourceCell } from './ResourceCell'
import { RowEditButtons } from './RowEditButtons'

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalXS } })

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
 * as in a resource table (ResourceCell), the first column indented by depth, and add child /
 * edit / delete on each row when `actions` is given (left out for users without the permission).
 */
export function TreeTable<N extends { id: string; children: readonly N[] }>({ label, nodes, columns, actions }: { label: string; nodes: readonly N[]; columns: readonly ColumnDef<N>[]; actions?: TreeTableActions<N> }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <Table size="small" aria-label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((c) => (
            <TableHeaderCell key={c.key}>{t(c.label)}</TableHeaderCell>
          ))}
          {actions && <TableHeaderCell>{t('admin:col_actions')}</TableHeaderCell>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rowsOf(nodes).map(({ node, depth }) => (
          <TableRow key={node.id}>
            {columns.map((c, i) => (
              <TableCell key={c.key}>
                {i === 0 ? (
                  <span style={{ paddingLeft: `calc(${tokens.spacingHorizontalL} * ${depth})` }}>
                    <ResourceCell column={c} row={node} />
                  </span>
                ) : (
                  <ResourceCell column={c} row={node} />
                )}
              </TableCell>
            ))}
            {actions && (
              <TableCell>
                <div className={styles.actions}>
                  <Button size="small" appearance="subtle" icon={<AddRegular />} onClick={() => actions.addChild(node)}>
                    {actions.addChildLabel}
                  </Button>
                  <RowEditButtons onEdit={() => actions.edit(node)} onRemove={() => actions.remove(node)} />
                </div>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
