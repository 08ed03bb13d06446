import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Field, Input, makeStyles, Radio, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import type { TreeNode } from '../../../shared/contract/platform/admin/common'
import { orgSelectAsOrgTree } from '../../../shared/contract/platform/admin/orgs'
import { positionByOrgCodes } from '../../../shared/contract/platform/admin/positions'
import { roleQuery } from '../../../shared/contract/platform/admin/roles'
import { userFindByOrgPositionAndRole, type Employee } from '../../../shared/contract/platform/admin/users'
import { useHubQuery } from '../../api/query'
import { PaginationBar, type PageChange } from '../../components/pagination/PaginationBar'
import { SearchForm } from '../../components/SearchForm'
import { useConfirm } from '../../components/useConfirm'
import { TreeSelect } from '../fields/TreeSelect'
import { useTreeNodes } from '../fields/useTreeNodes'
import { useLinkModel } from './linkModel'

/** Spec §5/§9: the employee chooser starts at page 1 with 20 rows; sizes 1, 10, 20, 30, 40. */
export const EMPLOYEE_PAGE_SIZES = [1, 10, 20, 30, 40] as const
const FIRST: PageChange = { pageNum: 1, pageSize: 20 }
const ORG_TREE = { endpoint: orgSelectAsOrgTree }
const POSITION_TREE = { endpoint: positionByOrgCodes, input: { orgCodes: [] } }
/** Every role, for the role filter (a platform has tens, not thousands). */
const ALL_ROLES = { pageNum: 1, pageSize: 1000 }

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  field: { width: '200px' },
  actions: { display: 'flex', justifyContent: 'flex-end' },
})

interface Filters {
  username: string
  orgId: string
  roleCode: string
  positionId: string
}
const EMPTY: Filters = { username: '', orgId: '', roleCode: '', positionId: '' }

const codeOf = (nodes: readonly TreeNode[], id: string): string | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n.code
    const below = codeOf(n.children, id)
    if (below) return below
  }
  return undefined
}

export interface EmployeeChooserProps {
  /** Checkboxes (several) or radios (one). */
  multiple?: boolean
  /** Inside another form: no Search / Reset buttons (spec), filters apply as they change. */
  embedded?: boolean
  onSave: (employees: Employee[]) => void
}

/**
 * The employee chooser (spec part 2 §2, §4): filters organisation, role and username keyword;
 * a table of username, nickName, orgNames, positionNames, roleNames with a checkbox or radio
 * column; pagination. Changing page or size with an unsaved selection asks to save it first:
 * either way the page changes, and the selection is emitted only on yes.
 * A position filter too (the employee query takes positionCodes); with link model 2 the
 * organisation and position filters exclude each other. The four-mode dialog is
 * PeopleChooserDialog; this is its employee mode (4).
 */
export function EmployeeChooser({ multiple = true, embedded = false, onSave }: EmployeeChooserProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { confirm, dialog } = useConfirm()
  const orgs = useTreeNodes(ORG_TREE)
  const positions = useTreeNodes(POSITION_TREE)
  const exclusive = useLinkModel() === '2'
  const [draft, setDraft] = useState<Filters>(EMPTY)
  const [filters, setFilters] = useState<Filters>(EMPTY)
  const [page, setPage] = useState<PageChange>(FIRST)
  const [picked, setPicked] = useState<Employee[]>([])
  const applied = embedded ? draft : filters

  const roles = useHubQuery(roleQuery, ALL_ROLES, { quiet: true }).data?.content ?? []
  const orgCode = applied.orgId ? codeOf(orgs, applied.orgId) : undefined
  const positionCode = applied.positionId ? codeOf(positions, applied.positionId) : undefined
  const employees = useHubQuery(userFindByOrgPositionAndRole, {
    ...page,
    ...(applied.username.trim() ? { username: applied.username.trim() } : {}),
    ...(orgCode ? { orgCodes: [orgCode] } : {}),
    ...(applied.roleCode ? { roleCodes: [applied.roleCode] } : {}),
    ...(positionCode ? { positionCodes: [positionCode] } : {}),
  }).data
  const rows: Employee[] = employees?.content ?? []
  const total = employees?.totalElements ?? 0

  const changePage = async (next: PageChange) => {
    if (picked.length > 0 && (await confirm({ title: t('admin:chooser_title'), message: t('admin:chooser_unsaved') }))) onSave(picked)
    setPicked([])
    setPage(next)
  }
  const pick = (row: Employee, on: boolean) => setPicked((p) => (multiple ? (on ? [...p, row] : p.filter((x) => x.id !== row.id)) : on ? [row] : []))
  const set = (k: keyof Filters, v: string) => setDraft((d) => ({ ...d, [k]: v }))
  const list = (v: string[]) => v.join(t('common:list_separator'))

  const fields = (
    <>
      <Field className={styles.field} label={t('admin:user_orgs')}>
        <TreeSelect nodes={orgs} value={draft.orgId} onChange={(v) => set('orgId', v)} disabled={exclusive && draft.positionId !== ''} />
      </Field>
      <Field className={styles.field} label={t('admin:user_positions')}>
        <TreeSelect nodes={positions} value={draft.positionId} onChange={(v) => set('positionId', v)} disabled={exclusive && draft.orgId !== ''} />
      </Field>
      <Field className={styles.field} label={t('admin:user_roles')}>
        <Select value={draft.roleCode} onChange={(_, d) => set('roleCode', d.value)}>
          <option value="">{t('widgets:any')}</option>
          {roles.map((r) => (
            <option key={r.id} value={r.roleCode}>
              {r.roleName}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.field} label={t('admin:username')}>
        <Input value={draft.username} onChange={(_, d) => set('username', d.value)} />
      </Field>
    </>
  )

  return (
    <div className={styles.root}>
      {embedded ? (
        <div role="search">{fields}</div>
      ) : (
        <SearchForm
          onSearch={() => {
            setFilters(draft)
            setPage((p) => ({ ...p, pageNum: 1 }))
          }}
          // Spec: reset clears the organisation, role (and position) filters.
          onReset={() => {
            setDraft(EMPTY)
            setFilters(EMPTY)
          }}
        >
          {fields}
        </SearchForm>
      )}
      <Table size="small" aria-label={t('admin:chooser_table')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell />
            <TableHeaderCell>{t('admin:username')}</TableHeaderCell>
            <TableHeaderCell>{t('admin:nick_name')}</TableHeaderCell>
            <TableHeaderCell>{t('admin:user_orgs')}</TableHeaderCell>
            <TableHeaderCell>{t('admin:user_positions')}</TableHeaderCell>
            <TableHeaderCell>{t('admin:user_roles')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const on = picked.some((p) => p.id === row.id)
            return (
              <TableRow key={row.id}>
                <TableCell>
                  {multiple ? (
                    <Checkbox aria-label={row.username} checked={on} onChange={(_, d) => pick(row, d.checked === true)} />
                  ) : (
                    <Radio aria-label={row.username} name="employee-chooser" checked={on} onChange={() => pick(row, true)} />
                  )}
                </TableCell>
                <TableCell>{row.username}</TableCell>
                <TableCell>{row.nickName}</TableCell>
                <TableCell>{list(row.orgNames)}</TableCell>
                <TableCell>{list(row.positionNames)}</TableCell>
                <TableCell>{list(row.roleNames)}</TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
      <PaginationBar total={total} pageNum={page.pageNum} pageSize={page.pageSize} pageSizes={EMPLOYEE_PAGE_SIZES} onChange={(next) => void changePage(next)} />
      <div className={styles.actions}>
        <Button appearance="primary" disabled={picked.length === 0} onClick={() => onSave(picked)}>
          {t('common:save')}
        </Button>
      </div>
      {dialog}
    </div>
  )
}
