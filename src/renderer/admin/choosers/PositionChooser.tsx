import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import { OrganizationRegular } from '@fluentui/react-icons'
import type { TreeNode } from '../../../shared/contract/platform/admin/common'
import { positionByOrgCodes, positionList, type Position } from '../../../shared/contract/platform/admin/positions'
import { useHubQuery } from '../../api/query'
import { PaginationBar, type PageChange } from '../../components/pagination/PaginationBar'
import { TreeChecklist } from '../fields/TreeSelect'
import { useLinkModel } from './linkModel'
import { OrgPicker } from './OrgPicker'

/** Spec §9: the position chooser shows 20 rows; the position table offers 5, 10, 20, 30, 40. */
export const POSITION_PAGE_SIZES = [5, 10, 20, 30, 40] as const
const FIRST: PageChange = { pageNum: 1, pageSize: 20 }
const NO_NODES: TreeNode[] = []

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  actions: { display: 'flex', justifyContent: 'flex-end' },
})

/** What a chooser hands back: enough to show and to store (ids) or filter by (codes). */
export interface ChosenItem {
  id: string
  code: string
  name: string
}

const nodesById = (nodes: readonly TreeNode[], ids: readonly string[]): ChosenItem[] => {
  const out: ChosenItem[] = []
  const walk = (ns: readonly TreeNode[]) => ns.forEach((n) => (ids.includes(n.id) && out.push({ id: n.id, code: n.code, name: n.name }), walk(n.children)))
  walk(nodes)
  return out
}

export interface PositionChooserProps {
  onConfirm: (positions: ChosenItem[]) => void
}

/**
 * The position chooser (spec part 2 §2): the positions of the organisations chosen in a
 * 'choose organisation' dialog (all positions when none), as a table — or as a tree when the
 * link model is 1 —, ticked across pages, then Confirm.
 */
export function PositionChooser({ onConfirm }: PositionChooserProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const asTree = useLinkModel() === '1'
  const [orgs, setOrgs] = useState<TreeNode[]>([])
  const [choosingOrgs, setChoosingOrgs] = useState(false)
  const [page, setPage] = useState<PageChange>(FIRST)
  const [picked, setPicked] = useState<ChosenItem[]>([])
  const orgCodes = orgs.map((o) => o.code)
  // The link model asks for one of the two shapes only.
  const tree = useHubQuery(positionByOrgCodes, { orgCodes }, { enabled: asTree }).data ?? NO_NODES
  const listed = useHubQuery(positionList, { ...page, orgCodes }, { enabled: !asTree }).data
  const rows: Position[] = listed?.content ?? []
  const total = listed?.totalElements ?? 0

  const toggle = (item: ChosenItem, on: boolean) => setPicked((p) => (on ? [...p.filter((x) => x.id !== item.id), item] : p.filter((x) => x.id !== item.id)))

  return (
    <div className={styles.root}>
      <div className={styles.bar}>
        <Button icon={<OrganizationRegular />} onClick={() => setChoosingOrgs(true)}>
          {t('admin:chooser_choose_org')}
        </Button>
        <Text>{orgs.length ? orgs.map((o) => o.name).join(t('common:list_separator')) : t('admin:chooser_all_orgs')}</Text>
      </div>
      {asTree ? (
        <TreeChecklist
          nodes={tree}
          value={picked.map((p) => p.id)}
          onChange={(ids) => setPicked(nodesById(tree, ids))}
          label={t('admin:chooser_positions')}
        />
      ) : (
        <>
          <Table size="small" aria-label={t('admin:chooser_positions')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell />
                <TableHeaderCell>{t('admin:position_code')}</TableHeaderCell>
                <TableHeaderCell>{t('admin:position_name')}</TableHeaderCell>
                <TableHeaderCell>{t('admin:position_parent')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>
                    <Checkbox aria-label={p.name} checked={picked.some((x) => x.id === p.id)} onChange={(_, d) => toggle({ id: p.id, code: p.code, name: p.name }, d.checked === true)} />
                  </TableCell>
                  <TableCell>{p.code}</TableCell>
                  <TableCell>{p.name}</TableCell>
                  <TableCell>{p.parentName}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <PaginationBar total={total} pageNum={page.pageNum} pageSize={page.pageSize} pageSizes={POSITION_PAGE_SIZES} onChange={setPage} />
        </>
      )}
      <div className={styles.actions}>
        <Button appearance="primary" disabled={picked.length === 0} onClick={() => onConfirm(picked)}>
          {t('widgets:confirm_ok')}
        </Button>
      </div>
      <Dialog open={choosingOrgs} modalType="modal" onOpenChange={(_, d) => setChoosingOrgs(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('admin:chooser_choose_org')}</DialogTitle>
            <DialogContent>
              <OrgPicker
                initial={orgs.map((o) => o.id)}
                onConfirm={(chosen) => {
                  setOrgs(chosen)
                  setPage((p) => ({ ...p, pageNum: 1 }))
                  setChoosingOrgs(false)
                }}
              />
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  )
}
