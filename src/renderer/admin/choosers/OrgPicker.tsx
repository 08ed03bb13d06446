import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Input, makeStyles, tokens } from '@fluentui/react-components'
import { SearchRegular } from '@fluentui/react-icons'
import type { TreeNode } from '../../../shared/contract/platform/admin/common'
import { orgSelectAsOrgTree } from '../../../shared/contract/platform/admin/orgs'
import { TreeChecklist, TreeSelect } from '../fields/TreeSelect'
import { useTreeNodes } from '../fields/useTreeNodes'

const ORG_TREE = { endpoint: orgSelectAsOrgTree }

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', justifyContent: 'flex-end' },
})

/** The nodes whose name or code contains the keyword, with the path to them. */
export function filterNodes(nodes: readonly TreeNode[], keyword: string): TreeNode[] {
  const k = keyword.trim().toLowerCase()
  if (!k) return [...nodes]
  return nodes.flatMap((n) => {
    const children = filterNodes(n.children, keyword)
    return n.name.toLowerCase().includes(k) || n.code.toLowerCase().includes(k) || children.length > 0 ? [{ ...n, children }] : []
  })
}

export interface OrgPickerProps {
  /** Checkboxes (several organisations) or a single choice. */
  multiple?: boolean
  initial?: string[]
  onConfirm: (orgs: TreeNode[]) => void
}

/**
 * The organisation picker (spec part 2 §2): the tree of normal organisations with a keyword
 * filter, Search and Confirm; checkboxes in multi-select mode. Choices survive filtering.
 */
export function OrgPicker({ multiple = true, initial = [], onConfirm }: OrgPickerProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const all = useTreeNodes(ORG_TREE)
  const [keyword, setKeyword] = useState('')
  const [applied, setApplied] = useState('')
  const [chosen, setChosen] = useState<string[]>(initial)
  const shown = useMemo(() => filterNodes(all, applied), [all, applied])
  const byId = (ids: string[]) => {
    const out: TreeNode[] = []
    const walk = (ns: readonly TreeNode[]) => ns.forEach((n) => (ids.includes(n.id) && out.push(n), walk(n.children)))
    walk(all)
    return out
  }
  return (
    <div className={styles.root}>
      <form
        role="search"
        className={styles.row}
        onSubmit={(e) => {
          e.preventDefault()
          setApplied(keyword)
        }}
      >
        <Input aria-label={t('admin:org_keyword')} placeholder={t('admin:org_keyword')} value={keyword} onChange={(_, d) => setKeyword(d.value)} />
        <Button type="submit" icon={<SearchRegular />}>
          {t('widgets:search')}
        </Button>
      </form>
      {multiple ? (
        <TreeChecklist nodes={shown} value={chosen} onChange={setChosen} label={t('admin:org_tree')} />
      ) : (
        <TreeSelect nodes={shown} value={chosen[0] ?? ''} onChange={(v) => setChosen(v ? [v] : [])} aria-label={t('admin:org_tree')} />
      )}
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => onConfirm(byId(chosen))}>
          {t('widgets:confirm_ok')}
        </Button>
      </div>
    </div>
  )
}
