import { useTranslation } from 'react-i18next'
import { makeStyles, Text, tokens } from '@fluentui/react-components'
import type { TreeTableResource } from './resource'
import { TablePanel } from '../components/table/TablePanel'
import { ResourceToolbar } from './ResourceToolbar'
import { TreeTable } from './TreeTable'
import { useTreeResource } from './useTreeResource'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3 },
})

/**
 * The generic tree screen (menus, positions under link model 1): toolbar (create, refresh,
 * Excel when the resource has it), the tree table with add child / edit / delete on each row
 * for who may edit, and the resource's dialog.
 */
export function TreeResourcePage<N extends { id: string; children: readonly N[] }, R extends { id: string }>({ definition }: { definition: TreeTableResource<N, R> }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const tree = useTreeResource(definition)
  return (
    <div className={styles.root}>
      <ResourceToolbar definition={tree.resource} canCreate={tree.editable} onCreate={tree.create} onRefresh={tree.reload} onImported={tree.reload} />
      <TablePanel>
        <TreeTable
          label={t('admin:table', { entity: t(tree.resource.entity) })}
          nodes={tree.nodes}
          columns={definition.columns}
          {...(tree.editable
            ? {
                actions: {
                  addChildLabel: t(definition.addChildLabel),
                  addChild: tree.addChild,
                  edit: (n: N) => void tree.edit(n),
                  remove: (n: N) => void tree.remove(n),
                },
              }
            : {})}
        />
        {/* Like the paged lists: an empty tree says so instead of a bare header row. */}
        {tree.loaded && tree.nodes.length === 0 && <Text className={styles.hint}>{t('widgets:empty')}</Text>}
      </TablePanel>
      {tree.dialogs}
    </div>
  )
}
