import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Input, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { ShieldKeyholeRegular } from '@fluentui/react-icons'
import { roleQuery, type Role } from '../../../shared/contract/platform/admin/roles'
import { useHubQuery } from '../../api/query'
import { PaginationBar, type PageChange } from '../../components/pagination/PaginationBar'
import { useConfirm } from '../../components/useConfirm'

/** Spec §9: the role chooser shows 20 rows, sizes 2, 5, 10, 20, 30, 40. */
export const ROLE_PAGE_SIZES = [2, 5, 10, 20, 30, 40] as const

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
})

export interface RoleChooserProps {
  onSave: (roles: Role[]) => void
  /** Spec: the chooser "can jump to role resource authorisation"; shown when given. */
  onAuthorise?: (role: Role) => void
}

/**
 * The role chooser (spec part 2 §2): a filter box on name or code, a table and pagination.
 * Like every chooser (§4), changing page or size with an unsaved selection asks to save it
 * first: the page changes either way, and the selection is emitted only on yes.
 */
export function RoleChooser({ onSave, onAuthorise }: RoleChooserProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = useState<PageChange>({ pageNum: 1, pageSize: 20 })
  const [picked, setPicked] = useState<Role[]>([])
  const { confirm, dialog } = useConfirm()
  const changePage = async (next: PageChange) => {
    if (picked.length > 0 && (await confirm({ title: t('admin:chooser_role_title'), message: t('admin:chooser_unsaved') }))) onSave(picked)
    setPicked([])
    setPage(next)
  }
  const text = keyword.trim()
  const found = useHubQuery(roleQuery, { ...page, ...(text ? { roleName: text } : {}) }).data
  const rows = found?.content ?? []
  const total = found?.totalElements ?? 0
  return (
    <div className={styles.root}>
      <div className={styles.bar}>
        <Input
          aria-label={t('admin:role_name')}
          placeholder={t('admin:role_name')}
          value={keyword}
          onChange={(_, d) => {
            setKeyword(d.value)
            setPage((p) => ({ ...p, pageNum: 1 }))
          }}
        />
        <Button appearance="primary" disabled={picked.length === 0} onClick={() => onSave(picked)}>
          {t('common:save')}
        </Button>
      </div>
      <Table size="small" aria-label={t('admin:table', { entity: t('admin:role_entity') })}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell />
            <TableHeaderCell>{t('admin:role_code')}</TableHeaderCell>
            <TableHeaderCell>{t('admin:role_name')}</TableHeaderCell>
            {onAuthorise && <TableHeaderCell>{t('admin:col_actions')}</TableHeaderCell>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell>
                <Checkbox
                  aria-label={r.roleName}
                  checked={picked.some((p) => p.id === r.id)}
                  onChange={(_, d) => setPicked((p) => (d.checked === true ? [...p, r] : p.filter((x) => x.id !== r.id)))}
                />
              </TableCell>
              <TableCell>{r.roleCode}</TableCell>
              <TableCell>{r.roleName}</TableCell>
              {onAuthorise && (
                <TableCell>
                  <Button size="small" appearance="subtle" icon={<ShieldKeyholeRegular />} onClick={() => onAuthorise(r)}>
                    {t('admin:role_auth')}
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <PaginationBar total={total} pageNum={page.pageNum} pageSize={page.pageSize} pageSizes={ROLE_PAGE_SIZES} onChange={(next) => void changePage(next)} />
      {dialog}
    </div>
  )
}
