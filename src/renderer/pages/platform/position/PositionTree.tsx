import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, ArrowClockwiseRegular } from '@fluentui/react-icons'
import type { TreeNode } from '../../../../shared/contract/platform/admin/common'
import { POSITION_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { positionByOrgCodes, positionDelete, positionDetail, type Position } from '../../../../shared/contract/platform/admin/positions'
import { STATUS_DICTIONARY } from '../../../../shared/rules/platform/status'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import { ResourceDialog } from '../../../admin/ResourceDialog'
import type { FormValues } from '../../../admin/resource'
import { TransferButtons } from '../../../admin/TransferButtons'
import { TreeTable } from '../../../admin/TreeTable'
import { useCan } from '../../../admin/usePermission'
import { useDictionaryLabel } from '../../../components/DictionarySelect'
import { useConfirm } from '../../../components/useConfirm'
import { positionResource } from './positionResource'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS },
  panel: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM, overflowX: 'auto' },
})

/**
 * Positions as a tree table (spec: a tree when the link model is 1): every position under its
 * parent, with add child, edit and delete (children move up to the parent, as the hub does).
 * The form is the list's (positionResource), so the rules and fields are the same.
 */
export function PositionTree() {
  const { t } = useTranslation()
  const styles = useStyles()
  const can = useCan()
  const editable = can(POSITION_PERMISSION)
  const statusLabel = useDictionaryLabel(STATUS_DICTIONARY)
  const { confirm, dialog } = useConfirm()
  const [nodes, setNodes] = useState<TreeNode[]>([])
  const [editor, setEditor] = useState<{ row?: Position; initial?: FormValues } | null>(null)
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  useEffect(() => {
    let live = true
    void callHub(positionByOrgCodes, { orgCodes: [] }).then((r) => live && r.ok && setNodes(r.data))
    return () => {
      live = false
    }
  }, [version])

  const edit = async (node: TreeNode) => {
    const r = await callHub(positionDetail, { id: node.id })
    if (r.ok) setEditor({ row: r.data })
  }
  const remove = async (node: TreeNode) => {
    if (!(await confirm({ title: t('admin:delete_title', { entity: t('admin:position_entity') }), message: t('admin:delete_confirm') }))) return
    const r = await callHub(positionDelete, { id: node.id })
    if (!r.ok) return
    showToast({ intent: 'success', message: t('messages:msg_success') })
    reload()
  }

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        {editable && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditor({})}>
            {t('admin:create', { entity: t('admin:position_entity') })}
          </Button>
        )}
        <Button icon={<ArrowClockwiseRegular />} onClick={reload}>
          {t('common:refresh')}
        </Button>
        <TransferButtons kind="position" canImport={editable} onImported={reload} />
      </div>
      <div className={styles.panel}>
        <TreeTable
          label={t('admin:table', { entity: t('admin:position_entity') })}
          nodes={nodes}
          columns={[
            { label: t('admin:position_name'), render: (n) => n.name },
            { label: t('admin:position_code'), render: (n) => n.code },
            { label: t('admin:col_status'), render: (n) => statusLabel(n.status) },
          ]}
          {...(editable
            ? {
                actions: {
                  addChildLabel: t('admin:org_add_child'),
                  addChild: (n: TreeNode) => setEditor({ initial: { parentId: n.id } }),
                  edit: (n: TreeNode) => void edit(n),
                  remove: (n: TreeNode) => void remove(n),
                },
              }
            : {})}
        />
      </div>
      {editor && (
        <ResourceDialog
          definition={positionResource}
          row={editor.row}
          initial={editor.initial}
          onClose={() => setEditor(null)}
          onSaved={() => {
            setEditor(null)
            reload()
          }}
        />
      )}
      {dialog}
    </div>
  )
}
