import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import { AddRegular, ArrowClockwiseRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { widgetDelete, widgetList, type Widget } from '../../../shared/contract/dashboards/widgets'
import { useHubMutation } from '../../api/query'
import { showToast } from '../../api/signals'
import { formatDateTime } from '../../components/formatDateTime'
import { useSearchedList } from '../../components/pagination/useSearchedList'
import { CellText } from '../../components/table/CellText'
import { PagedTable } from '../../components/table/PagedTable'
import { RowActions } from '../../components/table/RowActions'
import { COLUMN_MIN_WIDTH, minWidthStyle, useTableLayoutStyles } from '../../components/table/tableLayout'
import { useConfirm } from '../../components/useConfirm'
import type { PageProps } from '../pageTypes'
import { WidgetEditorDialog } from './WidgetEditorDialog'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  intro: { color: tokens.colorNeutralForeground3 },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS },
})

/**
 * 小部件 (menu 'dashboard.widget', component WidgetList): the widgets dashboards are made of —
 * list, create and change them in the editor (with a preview of their data), delete one no
 * dashboard shows.
 */
export default function WidgetsPage(_: PageProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const layout = useTableLayoutStyles()
  const list = useSearchedList(widgetList, {}, (_q, page) => page)
  const [editing, setEditing] = useState<Widget | 'new' | null>(null)
  const { confirm, dialog } = useConfirm()
  const remove = useHubMutation(widgetDelete, { invalidates: [widgetList] })
  const onDelete = async (w: Widget) => {
    if (!(await confirm({ title: t('dashboards:widget_delete'), message: t('dashboards:widget_delete_confirm', { title: w.title }) }))) return
    if ((await remove.run({ id: w.id })).ok) showToast({ intent: 'success', message: t('messages:msg_success') })
  }
  return (
    <div className={styles.root}>
      <Text className={styles.intro}>{t('dashboards:widgets_intro')}</Text>
      <div className={styles.toolbar} role="toolbar" aria-label={t('dashboards:widgets')}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
          {t('dashboards:widget_new')}
        </Button>
        <Button icon={<ArrowClockwiseRegular />} onClick={list.reload}>
          {t('common:refresh')}
        </Button>
      </div>
      <PagedTable empty={t('dashboards:no_widgets')} list={list}>
        <Table size="small" className={layout.table} aria-label={t('dashboards:widget_table')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.wide)}>{t('dashboards:field_title')}</TableHeaderCell>
              <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.label)}>{t('dashboards:field_chart_type')}</TableHeaderCell>
              <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.label)}>{t('dashboards:field_data_type')}</TableHeaderCell>
              <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.text)}>{t('dashboards:field_source')}</TableHeaderCell>
              <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.number)}>{t('dashboards:col_placed_on')}</TableHeaderCell>
              <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.date)}>{t('dashboards:col_updated')}</TableHeaderCell>
              <TableHeaderCell className={layout.actions}>{t('dashboards:col_actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.rows.map((w) => (
              <TableRow key={w.id}>
                <TableCell className={layout.cell}><CellText>{w.title}</CellText></TableCell>
                <TableCell className={layout.cell}>{w.dataType === 'html' ? '—' : t(`dashboards:chart_${w.chartType}`)}</TableCell>
                <TableCell className={layout.cell}>{t(`dashboards:data_${w.dataType}`)}</TableCell>
                <TableCell className={layout.cell}><CellText>{w.dataType === 'metric' ? t(`dashboards:metric_${w.dataSource}`) : w.dataSource}</CellText></TableCell>
                <TableCell className={layout.cell}>{w.placedOn}</TableCell>
                <TableCell className={layout.cell}>{formatDateTime(w.updatedAt)}</TableCell>
                <TableCell className={layout.actions}>
                  <RowActions
                    name={w.title}
                    items={[
                      { key: 'edit', label: t('dashboards:edit'), icon: <EditRegular />, onClick: () => setEditing(w) },
                      { key: 'delete', label: t('dashboards:delete'), icon: <DeleteRegular />, onClick: () => void onDelete(w) },
                    ]}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </PagedTable>
      {editing && <WidgetEditorDialog widget={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {dialog}
    </div>
  )
}
