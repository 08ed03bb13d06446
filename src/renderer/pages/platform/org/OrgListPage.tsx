import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Input, makeStyles, Text, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular, EditRegular, SearchRegular } from '@fluentui/react-icons'
import type { TreeNode } from '../../../../shared/contract/platform/admin/common'
import { orgById, orgDelete, orgListTree, type Org } from '../../../../shared/contract/platform/admin/orgs'
import { ORG_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import { ResourceDialog } from '../../../admin/ResourceDialog'
import { TransferButtons } from '../../../admin/TransferButtons'
import type { FormValues } from '../../../admin/resource'
import { useCan } from '../../../admin/usePermission'
import { useDictionaryLabel } from '../../../components/DictionarySelect'
import { useConfirm } from '../../../components/useConfirm'
import type { PageProps } from '../../pageTypes'
import { OrgPositions } from './OrgPositions'
import { orgResource } from './orgResource'
import { OrgTree } from './OrgTree'

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(240px, 1fr) 2fr', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`, margin: 0 },
})

/**
 * Organisations (menu route OrgList): the tree with a keyword filter on the left, the chosen
 * organisation on the right with add child, edit, delete (not a root; a branch goes whole) and
 * its positions. Status rules (parent / child normal) are the hub's; its message is shown.
 */
export default function OrgListPage(_: PageProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const can = useCan()
  const editable = can(ORG_PERMISSION)
  const { confirm, dialog } = useConfirm()
  const statusLabel = useDictionaryLabel('sys_role_status')
  const typeLabel = useDictionaryLabel('pf_org_type')
  const [keyword, setKeyword] = useState('')
  const [applied, setApplied] = useState('')
  const [nodes, setNodes] = useState<TreeNode[]>([])
  const [selected, setSelected] = useState<Org | null>(null)
  const [editor, setEditor] = useState<{ row?: Org; initial?: FormValues } | null>(null)
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((v) => v + 1), [])

  useEffect(() => {
    let live = true
    void callHub(orgListTree, applied ? { orgName: applied } : {}).then((r) => live && r.ok && setNodes(r.data))
    return () => {
      live = false
    }
  }, [applied, version])

  const select = async (id: string) => {
    const r = await callHub(orgById, { id })
    if (r.ok) setSelected(r.data)
  }
  const remove = async (org: Org) => {
    if (!(await confirm({ title: t('admin:delete_title', { entity: t('admin:org_entity') }), message: t('admin:org_delete_confirm') }))) return
    const r = await callHub(orgDelete, { id: org.id })
    if (!r.ok) return
    showToast({ intent: 'success', message: t('messages:msg_success') })
    setSelected(null)
    reload()
  }

  return (
    <div className={styles.root}>
      <section className={styles.panel} aria-label={t('admin:org_tree')}>
        <form
          className={styles.row}
          role="search"
          onSubmit={(e) => {
            e.preventDefault()
            setApplied(keyword.trim())
          }}
        >
          <Input aria-label={t('admin:org_keyword')} placeholder={t('admin:org_keyword')} value={keyword} onChange={(_, d) => setKeyword(d.value)} />
          <Button type="submit" icon={<SearchRegular />}>
            {t('widgets:search')}
          </Button>
        </form>
        <div className={styles.row}>
          {editable && (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditor({})}>
              {t('admin:create', { entity: t('admin:org_entity') })}
            </Button>
          )}
          <TransferButtons kind="org" canImport={editable} onImported={reload} />
        </div>
        <OrgTree nodes={nodes} selected={selected?.id ?? null} onSelect={(id) => void select(id)} label={t('admin:org_tree')} />
        {nodes.length === 0 && <Text>{t('widgets:empty')}</Text>}
      </section>
      <section className={styles.panel} aria-label={t('admin:org_detail')}>
        {!selected ? (
          <Text>{t('admin:org_pick')}</Text>
        ) : (
          <>
            <div className={styles.row}>
              <Text weight="semibold" size={400}>
                {selected.orgName}
              </Text>
              {editable && (
                <>
                  <Button icon={<AddRegular />} onClick={() => setEditor({ initial: { parentId: selected.id } })}>
                    {t('admin:org_add_child')}
                  </Button>
                  <Button icon={<EditRegular />} onClick={() => setEditor({ row: selected })}>
                    {t('admin:edit')}
                  </Button>
                  <Button icon={<DeleteRegular />} disabled={!selected.parentId} onClick={() => void remove(selected)}>
                    {t('admin:delete')}
                  </Button>
                </>
              )}
            </div>
            <dl className={styles.facts}>
              <dt>{t('admin:org_code')}</dt>
              <dd>{selected.orgCode}</dd>
              <dt>{t('admin:org_type')}</dt>
              <dd>{typeLabel(selected.orgType) || t('common:none')}</dd>
              <dt>{t('admin:org_city')}</dt>
              <dd>{selected.city || t('common:none')}</dd>
              <dt>{t('admin:org_manager')}</dt>
              <dd>{selected.managerName || t('common:none')}</dd>
              <dt>{t('admin:org_parent')}</dt>
              <dd>{selected.parentName || t('common:none')}</dd>
              <dt>{t('admin:col_status')}</dt>
              <dd>{statusLabel(selected.status)}</dd>
            </dl>
            <OrgPositions org={selected} editable={editable} />
          </>
        )}
      </section>
      {editor && (
        <ResourceDialog
          definition={orgResource}
          row={editor.row}
          initial={editor.initial}
          onClose={() => setEditor(null)}
          onSaved={(org) => {
            setEditor(null)
            setSelected(org)
            reload()
          }}
        />
      )}
      {dialog}
    </div>
  )
}
