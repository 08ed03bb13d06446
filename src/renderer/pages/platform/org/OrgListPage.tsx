import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Input, makeStyles, Text, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular, EditRegular, SearchRegular } from '@fluentui/react-icons'
import { orgById, type Org } from '../../../../shared/contract/platform/admin/orgs'
import { callHub } from '../../../api/hub'
import { ResourceToolbar } from '../../../admin/ResourceToolbar'
import { useTreeResource } from '../../../admin/useTreeResource'
import { useDictionaryLabel } from '../../../components/DictionarySelect'
import type { PageProps } from '../../pageTypes'
import { OrgPositions } from './OrgPositions'
import { orgTree } from './orgResource'
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
  const statusLabel = useDictionaryLabel('sys_role_status')
  const typeLabel = useDictionaryLabel('pf_org_type')
  const [keyword, setKeyword] = useState('')
  const [applied, setApplied] = useState('')
  const [selected, setSelected] = useState<Org | null>(null)
  const tree = useTreeResource(orgTree, { keyword: applied, onSaved: setSelected })
  const { nodes, editable } = tree

  const select = async (id: string) => {
    const r = await callHub(orgById, { id })
    if (r.ok) setSelected(r.data)
  }
  const remove = async (org: Org) => {
    if (await tree.remove(org)) setSelected(null)
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
        <ResourceToolbar definition={tree.resource} canCreate={editable} onCreate={tree.create} onImported={tree.reload} />
        <OrgTree nodes={nodes} selected={selected?.id ?? null} onSelect={(id) => void select(id)} label={t('admin:org_tree')} />
        {nodes.length === 0 && <Text>{t('widgets:empty')}</Text>}
      </section>
      <section className={styles.panel} aria-label={t('admin:org_detail')}>
        {!selected ? (
          <Text>{t('admin:org_pick')}</Text>
        ) : (
          <>
            <div className={styles.row}>
              <Text weight="semibold" size={400} translate="no">
                {selected.orgName}
              </Text>
              {editable && (
                <>
                  <Button icon={<AddRegular />} onClick={() => tree.addChild(selected)}>
                    {t('admin:org_add_child')}
                  </Button>
                  <Button icon={<EditRegular />} onClick={() => tree.editRecord(selected)}>
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
      {tree.dialogs}
    </div>
  )
}
