import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, ArrowClockwiseRegular } from '@fluentui/react-icons'
import { menuDelete, menuListAll, type MenuRecord } from '../../../../shared/contract/platform/admin/menus'
import { MENU_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import { ResourceDialog } from '../../../admin/ResourceDialog'
import { TreeTable } from '../../../admin/TreeTable'
import type { FormValues } from '../../../admin/resource'
import { useCan } from '../../../admin/usePermission'
import { useConfirm } from '../../../components/useConfirm'
import type { PageProps } from '../../pageTypes'
import { menuNodes, menuResource } from './menuResource'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS },
  panel: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM, overflowX: 'auto' },
})

/**
 * Menus (menu route MenuList): the whole tree as an indented table with add child, edit and
 * delete (an item's children go with it). The console's navigation is built from this data.
 */
export default function MenuListPage(_: PageProps) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const can = useCan()
  const editable = can(MENU_PERMISSION)
  const { confirm, dialog } = useConfirm()
  const [menus, setMenus] = useState<MenuRecord[]>([])
  const [editor, setEditor] = useState<{ row?: MenuRecord; initial?: FormValues } | null>(null)
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  useEffect(() => {
    let live = true
    void callHub(menuListAll).then((r) => live && r.ok && setMenus(r.data))
    return () => {
      live = false
    }
  }, [version])
  const definition = useMemo(() => menuResource(menuNodes(menus, i18n.language)), [menus, i18n.language])
  const name = (m: MenuRecord) => (i18n.language === 'en' ? m.menuNameEn : m.menuNameZh)

  const remove = async (m: MenuRecord) => {
    if (!(await confirm({ title: t('admin:delete_title', { entity: t('admin:menu_entity') }), message: t('admin:menu_delete_confirm', { name: name(m) }) }))) return
    const r = await callHub(menuDelete, { id: m.id })
    if (!r.ok) return
    showToast({ intent: 'success', message: t('messages:msg_success') })
    reload()
  }

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        {editable && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditor({ initial: { type: 'catalog' } })}>
            {t('admin:create', { entity: t('admin:menu_entity') })}
          </Button>
        )}
        <Button icon={<ArrowClockwiseRegular />} onClick={reload}>
          {t('common:refresh')}
        </Button>
      </div>
      <div className={styles.panel}>
        <TreeTable
          label={t('admin:table', { entity: t('admin:menu_entity') })}
          nodes={menus}
          columns={[
            { label: t('admin:menu_name'), render: (m) => name(m) },
            { label: t('admin:menu_type'), render: (m) => t(m.type === 'catalog' ? 'admin:menu_type_catalog' : 'admin:menu_type_menu') },
            { label: t('admin:menu_href'), render: (m) => m.href || t('common:none') },
            { label: t('admin:menu_permission'), render: (m) => m.permission || t('common:none') },
            { label: t('admin:menu_weight'), render: (m) => m.weight },
          ]}
          {...(editable
            ? {
                actions: {
                  addChildLabel: t('admin:menu_add_child'),
                  addChild: (m: MenuRecord) => setEditor({ initial: { parentId: m.id, appCode: m.appCode } }),
                  edit: (m: MenuRecord) => setEditor({ row: m }),
                  remove: (m: MenuRecord) => void remove(m),
                },
              }
            : {})}
        />
      </div>
      {editor && (
        <ResourceDialog
          definition={definition}
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
