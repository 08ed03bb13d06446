import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, makeStyles, Select, Spinner, Text, tokens } from '@fluentui/react-components'
import { AddRegular, ArrowClockwiseRegular, DeleteRegular, EditRegular, SaveRegular, SettingsRegular } from '@fluentui/react-icons'
import { dashboardDelete, dashboardDetail, dashboardList, dashboardUpdate, type Dashboard, type PlacedWidget } from '../../../shared/contract/dashboards/dashboards'
import { WIDGET_PERMISSION } from '../../../shared/contract/dashboards/permissions'
import { widgetData, widgetList, type Widget } from '../../../shared/contract/dashboards/widgets'
import { WIDGET_SIZES } from '../../../shared/rules/dashboards/widget'
import { useCan } from '../../admin/usePermission'
import { invalidate, useHubMutation, useHubQuery } from '../../api/query'
import { showToast } from '../../api/signals'
import { useConfirm } from '../../components/useConfirm'
import { DashboardGrid } from './DashboardGrid'
import { DashboardSettingsDialog, type DashboardSettings } from './DashboardSettingsDialog'
import { freeSpot } from './layoutGrid'
import { WidgetEditorDialog } from './WidgetEditorDialog'
import { WidgetTile } from './WidgetTile'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, marginRight: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  spacer: { flexGrow: 1 },
  add: { minWidth: '220px' },
})

/** What the editor changes before saving: the layout with what each widget is, the title and shares. */
interface Draft extends DashboardSettings {
  layout: PlacedWidget[]
}

/**
 * One dashboard: its widgets on the grid. Its owner edits it in place — drag, resize, add and
 * remove widgets, title and sharing — and saves the whole of it at once (or cancels); the roles it
 * is shared with see it read-only.
 */
export function DashboardBoard({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const can = useCan()
  const detail = useHubQuery(dashboardDetail, { id })
  const [draft, setDraft] = useState<Draft | null>(null)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [adding, setAdding] = useState('')
  /** A widget being created from the board: once saved it is placed on the draft. */
  const [creating, setCreating] = useState(false)
  const composer = can(WIDGET_PERMISSION)
  const widgets = useHubQuery(widgetList, { pageNum: 1, pageSize: 1000 }, { enabled: draft !== null && composer })
  const update = useHubMutation(dashboardUpdate, { invalidates: [dashboardDetail, dashboardList, widgetData] })
  const remove = useHubMutation(dashboardDelete, { invalidates: [dashboardList] })
  const { confirm, dialog } = useConfirm()
  const d: Dashboard | undefined = detail.data
  if (!d) return detail.loading ? <Spinner aria-label={t('widgets:loading')} /> : null

  const editing = draft !== null
  const layout = draft?.layout ?? d.layout
  const startEditing = () => setDraft({ title: d.title, sharedRoles: d.sharedRoles, layout: d.layout })
  const addWidget = () => place(widgets.data?.content.find((x) => x.id === adding))
  const place = (w: Widget | undefined) => {
    if (!w || !draft) return
    const spot = freeSpot(draft.layout, w.id, WIDGET_SIZES[w.layoutType])
    setDraft({ ...draft, layout: [...draft.layout, { ...spot, title: w.title, chartType: w.chartType, dataType: w.dataType, layoutType: w.layoutType }] })
    setAdding('')
  }
  const save = async () => {
    if (!draft) return
    const r = await update.run({ id: d.id, version: d.version, title: draft.title, sharedRoles: draft.sharedRoles, layout: draft.layout.map(({ widgetId, x, y, w, h }) => ({ widgetId, x, y, w, h })) })
    if (!r.ok) return
    showToast({ intent: 'success', message: t('messages:msg_success') })
    setDraft(null)
  }
  const onDelete = async () => {
    if (!(await confirm({ title: t('dashboards:dashboard_delete'), message: t('dashboards:dashboard_delete_confirm', { title: d.title }) }))) return
    if ((await remove.run({ id: d.id })).ok) onDeleted()
  }
  const placedIds = new Set(layout.map((p) => p.widgetId))
  const addable = (widgets.data?.content ?? []).filter((w) => !placedIds.has(w.id))
  const sharedRoles = draft?.sharedRoles ?? d.sharedRoles
  return (
    <section className={styles.root} aria-label={draft?.title ?? d.title}>
      <div className={styles.header}>
        <Text as="h2" className={styles.title}>{draft?.title ?? d.title}</Text>
        <Badge appearance="tint" color={sharedRoles.length > 0 ? 'brand' : 'informative'}>
          {sharedRoles.length > 0 ? t('dashboards:shared_with', { roles: sharedRoles.join(', ') }) : t('dashboards:private')}
        </Badge>
        {!d.mine && <Text className={styles.muted}>{t('dashboards:owned_by', { name: d.ownerName })}</Text>}
        <span className={styles.spacer} />
        {!editing && (
          <>
            <Button icon={<ArrowClockwiseRegular />} onClick={() => invalidate(widgetData)}>{t('common:refresh')}</Button>
            {d.mine && <Button icon={<EditRegular />} onClick={startEditing}>{t('dashboards:edit')}</Button>}
            {d.mine && <Button icon={<DeleteRegular />} onClick={() => void onDelete()}>{t('dashboards:delete')}</Button>}
          </>
        )}
        {editing && (
          <>
            {composer && (
              <>
                <Select className={styles.add} aria-label={t('dashboards:add_widget_choose')} value={adding} onChange={(_, v) => setAdding(v.value)}>
                  <option value="">{widgets.data && addable.length === 0 ? t('dashboards:add_widget_none') : t('dashboards:add_widget_choose')}</option>
                  {addable.map((w) => (
                    <option key={w.id} value={w.id}>{w.title}</option>
                  ))}
                </Select>
                <Button icon={<AddRegular />} disabled={adding === ''} onClick={addWidget}>{t('dashboards:add_widget')}</Button>
                {/* Without leaving the unsaved board: the new widget is placed on it. */}
                <Button appearance={widgets.data && addable.length === 0 ? 'primary' : 'secondary'} onClick={() => setCreating(true)}>{t('dashboards:widget_new')}</Button>
              </>
            )}
            <Button icon={<SettingsRegular />} onClick={() => setSettingsOpen(true)}>{t('dashboards:settings')}</Button>
            <Button onClick={() => setDraft(null)} disabled={update.pending}>{t('dashboards:cancel')}</Button>
            <Button appearance="primary" icon={<SaveRegular />} onClick={() => void save()} disabled={update.pending}>{t('dashboards:save')}</Button>
          </>
        )}
      </div>
      {creating && (
        <WidgetEditorDialog
          widget={null}
          onClose={() => setCreating(false)}
          onSaved={(w) => {
            place(w)
            invalidate(widgetList)
          }}
        />
      )}
      {editing && <Text className={styles.muted}>{t('dashboards:edit_hint')}</Text>}
      {layout.length === 0 && <Text className={styles.muted}>{d.mine ? t('dashboards:empty_mine') : t('dashboards:empty')}</Text>}
      <DashboardGrid
        editable={editing}
        items={layout.map((p) => ({ placement: { widgetId: p.widgetId, x: p.x, y: p.y, w: p.w, h: p.h }, title: p.title, body: <WidgetTile widget={p} dashboardId={d.id} /> }))}
        onChange={(next) => draft && setDraft({ ...draft, layout: draft.layout.map((p) => ({ ...p, ...next.find((n) => n.widgetId === p.widgetId)! })) })}
        onRemove={(widgetId) => draft && setDraft({ ...draft, layout: draft.layout.filter((p) => p.widgetId !== widgetId) })}
      />
      {settingsOpen && draft && (
        <DashboardSettingsDialog
          title={t('dashboards:settings')}
          initial={{ title: draft.title, sharedRoles: draft.sharedRoles }}
          onClose={() => setSettingsOpen(false)}
          onDone={(s) => {
            setDraft({ ...draft, ...s })
            setSettingsOpen(false)
          }}
        />
      )}
      {dialog}
    </section>
  )
}
