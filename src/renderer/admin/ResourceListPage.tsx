import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { makeStyles, Spinner, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import type { Endpoint } from '../../shared/endpoint'
import { callHub } from '../api/hub'
import { showToast } from '../api/signals'
import { PaginationBar } from '../components/pagination/PaginationBar'
import { useConfirm, type ConfirmRequest } from '../components/useConfirm'
import { RowActions } from '../components/table/RowActions'
import { TablePanel } from '../components/table/TablePanel'
import { COLUMN_MIN_WIDTH, minWidthStyle, useTableLayoutStyles } from '../components/table/tableLayout'
import { ColumnCell, ColumnHeaderCell } from './ColumnCells'
import { editActions } from './editActions'
import { ChangingMark } from '../components/changing/ChangingMark'
import { useSubmitAudit } from '../components/changing/useSubmitAudit'
import { ResourceDialog } from './ResourceDialog'
import { ResourceSearch } from './ResourceSearch'
import { ResourceToolbar } from './ResourceToolbar'
import type { ResourceDefinition, RowActionContext } from './resource'
import { useCan } from './usePermission'
import { useResourceList } from './useResourceList'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3 },
})

export interface ResourceListPageProps<R extends { id: string }> {
  definition: ResourceDefinition<R>
  /** Above the search form (a page's own notes or tabs). */
  header?: ReactNode
  /** Rendered beside the list (dialogs that row actions open). */
  children?: ReactNode
}

/**
 * The generic list screen of a resource: search form, toolbar (create, refresh, Excel import and
 * export when the definition has them), table with its
 * columns, status switch and row actions (edit, delete with confirmation, the definition's own),
 * pagination bar, and the create / edit dialog. Buttons whose permission code the user lacks
 * are not shown.
 */
export function ResourceListPage<R extends { id: string }>({ definition, header, children }: ResourceListPageProps<R>) {
  const { t } = useTranslation()
  const styles = useStyles()
  const layout = useTableLayoutStyles()
  const can = useCan()
  const list = useResourceList(definition)
  const { confirm, dialog } = useConfirm()
  // One dialog for the list's own question and "submit audit" (useSubmitAudit.confirmAction).
  const audit = useSubmitAudit(confirm)
  const [editing, setEditing] = useState<{ row?: R } | null>(null)
  const { endpoints, permissions, status } = definition
  const entity = t(definition.entity)
  const navigate = useNavigate()
  const ctx: RowActionContext = { reload: list.reload, confirm, navigate }

  const canCreate = endpoints.create && can(permissions.create)
  const canUpdate = endpoints.update && can(permissions.update)
  const canRemove = endpoints.remove && can(permissions.remove)
  const canStatus = endpoints.status && status && can(permissions.status)
  const ownActions = (definition.rowActions ?? []).filter((a) => can(a.permission))
  const hasActions = canUpdate || canRemove || ownActions.length > 0
  // The row's name in labels (its status switch, its ⋯ menu): the first column's value.
  const nameOf = (row: R) => String((row as Record<string, unknown>)[definition.columns[0]?.key ?? 'id'] ?? row.id)

  /**
   * Whether a delete or a status change may go: records under change control (issue 19) ask
   * through the submit audit, so a user whose role requires approval is told it goes to review.
   * A submitted call answers 2020: the error policy says so as information, nothing is reloaded
   * (the record is as it was: the switch keeps its place) and its "changing" mark appears (the
   * hub client refreshes the marks on every 2020, as after an editor's submitted save).
   */
  const mayGo = async (request: ConfirmRequest) => (definition.changeControl ? (await audit.confirmAction(request)) !== 'no' : confirm(request))

  async function remove(row: R) {
    if (!(await mayGo({ title: t('admin:delete_title', { entity }), message: t('admin:delete_confirm') }))) return
    const input = definition.removeInput ? definition.removeInput(row) : { id: row.id }
    const r = await callHub(endpoints.remove as Endpoint, input as never)
    if (!r.ok) return
    showToast({ intent: 'success', message: t('messages:msg_success') })
    list.reload()
  }

  async function toggle(row: R, on: boolean) {
    if (!status) return
    if (!(await mayGo({ title: t('admin:status_title'), message: t(on ? 'admin:status_enable_confirm' : 'admin:status_disable_confirm') }))) return
    const next = on ? status.on : status.off
    const input = definition.statusInput ? definition.statusInput(row, next) : { id: row.id, status: next }
    const r = await callHub(endpoints.status as Endpoint, input as never)
    if (r.ok) list.reload()
  }

  return (
    <div className={styles.root}>
      {header}
      {definition.filters && definition.filters.length > 0 && <ResourceSearch filters={definition.filters} onSearch={list.search} busy={list.loading} />}
      <ResourceToolbar definition={definition} canCreate={!!canCreate} onCreate={() => setEditing({})} onRefresh={list.reload} onImported={list.reload} filters={list.filters}>
        {list.loading && <Spinner size="tiny" aria-label={t('widgets:loading')} />}
      </ResourceToolbar>
      <TablePanel after={!list.loading && list.rows.length === 0 && <Text className={styles.hint}>{t('widgets:empty')}</Text>}>
        <Table size="small" className={layout.table} aria-label={t('admin:table', { entity })}>
          <TableHeader>
            <TableRow>
              {definition.columns.map((c) => (
                <ColumnHeaderCell key={c.key} column={c} />
              ))}
              {definition.changeControl && <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.status)}>{t('workflow:col_review')}</TableHeaderCell>}
              {canStatus && <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.status)}>{t('admin:col_status')}</TableHeaderCell>}
              {hasActions && <TableHeaderCell className={layout.actions}>{t('admin:col_actions')}</TableHeaderCell>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.rows.map((row) => (
              <TableRow key={row.id}>
                {definition.columns.map((c) => (
                  <ColumnCell key={c.key} column={c} row={row} />
                ))}
                {definition.changeControl && (
                  <TableCell>
                    <ChangingMark objectType={definition.changeControl} objectId={row.id} />
                  </TableCell>
                )}
                {canStatus && status && (
                  <TableCell>
                    <Switch aria-label={t('admin:status_switch', { name: nameOf(row) })} checked={row[status.field] === status.on} onChange={(_, d) => void toggle(row, d.checked)} />
                  </TableCell>
                )}
                {hasActions && (
                  <TableCell className={layout.actions}>
                    <RowActions
                      name={nameOf(row)}
                      items={[
                        ...editActions(t, canUpdate ? () => setEditing({ row }) : undefined, canRemove ? () => void remove(row) : undefined),
                        ...ownActions
                          .filter((a) => !a.visible || a.visible(row))
                          .map((a) => ({ key: a.key, label: t(a.label), icon: a.icon, overflow: a.overflow, onClick: () => void a.run(row, ctx) })),
                      ]}
                    />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TablePanel>
      <PaginationBar total={list.total} pageNum={list.page.pageNum} pageSize={list.page.pageSize} onChange={list.setPage} disabled={list.loading} {...(definition.pageSizes ? { pageSizes: definition.pageSizes } : {})} />
      {editing && (
        <ResourceDialog
          definition={definition}
          {...(editing.row ? { row: editing.row } : {})}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            list.reload()
          }}
        />
      )}
      {children}
      {dialog}
    </div>
  )
}
