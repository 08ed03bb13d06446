import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Input, makeStyles, MessageBar, MessageBarBody, Select, Text, Textarea, tokens } from '@fluentui/react-components'
import { EyeRegular } from '@fluentui/react-icons'
import { widgetCreate, widgetList, widgetPreview, widgetSources, widgetUpdate, type Widget, type WidgetData } from '../../../shared/contract/dashboards/widgets'
import { HUB_METRICS, isSeriesMetric } from '../../../shared/rules/dashboards/metrics'
import { CHART_TYPES, LAYOUT_TYPES, WIDGET_DATA_TYPES, widgetFormSchema, type ChartType, type WidgetDataType } from '../../../shared/rules/dashboards/widget'
import { useHubMutation, useHubQuery } from '../../api/query'
import { showToast } from '../../api/signals'
import { FormField } from '../../components/FormField'
import { ToolDialog } from '../../components/ToolDialog'
import { useRuleForm } from '../../components/useRuleForm'
import { WidgetView } from './WidgetView'

const useStyles = makeStyles({
  preview: {
    height: '220px',
    padding: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  previewBar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  code: { fontFamily: tokens.fontFamilyMonospace },
})

interface Values {
  title: string
  layoutType: string
  chartType: string
  dataType: WidgetDataType
  dataSource: string
  content: string
}

const valuesOf = (w: Widget | null): Values =>
  w
    ? { title: w.title, layoutType: w.layoutType, chartType: w.chartType, dataType: w.dataType, dataSource: w.dataSource, content: w.content }
    : { title: '', layoutType: 'medium', chartType: 'bar', dataType: 'sql', dataSource: '', content: '' }

/** What a data type uses of the two source fields. */
const USES: Record<WidgetDataType, { source: 'datasource' | 'metric' | 'url' | null; content: 'sql' | 'json' | 'html' | null }> = {
  sql: { source: 'datasource', content: 'sql' },
  metric: { source: 'metric', content: null },
  api: { source: 'url', content: null },
  json: { source: null, content: 'json' },
  html: { source: null, content: 'html' },
}

/**
 * A widget's editor (小部件): title, layout type, chart type, data type, and the data source the
 * data type needs. "Preview" shows what the widget will show — for SQL the query's rows under the
 * SQL preview's guards — before it is saved. A refused save keeps the form and shows the hub's
 * field messages under their fields.
 */
export function WidgetEditorDialog({ widget, onClose, onSaved }: { widget: Widget | null; onClose: () => void; onSaved?: (w: Widget) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const form = useRuleForm(widgetFormSchema, valuesOf(widget))
  const { values, errors } = form
  const uses = USES[values.dataType]
  const sources = useHubQuery(widgetSources, {}, { enabled: uses.source === 'datasource', quiet: true })
  const create = useHubMutation(widgetCreate, { invalidates: [widgetList] })
  const update = useHubMutation(widgetUpdate, { invalidates: [widgetList] })
  const preview = useHubMutation(widgetPreview, { quiet: true })
  const [shown, setShown] = useState<{ data: WidgetData; chartType: Values['chartType'] } | null>(null)
  const [previewError, setPreviewError] = useState('')

  const runPreview = async () => {
    const checked = form.validate()
    if (!checked.ok) return
    setPreviewError('')
    const r = await preview.run(checked.data)
    if (r.ok) setShown({ data: r.data, chartType: checked.data.chartType })
    else {
      setShown(null)
      setPreviewError(r.message)
      if (r.fieldErrors) form.setFieldErrors(r.fieldErrors)
    }
  }

  const save = async () => {
    const checked = form.validate()
    if (!checked.ok) return
    const r = widget ? await update.run({ ...checked.data, id: widget.id, version: widget.version }) : await create.run(checked.data)
    if (!r.ok) {
      if (r.fieldErrors) form.setFieldErrors(r.fieldErrors)
      return
    }
    showToast({ intent: 'success', message: t('messages:msg_success') })
    onSaved?.(r.data)
    onClose()
  }

  const field = <K extends keyof Values>(name: K) => ({ value: values[name], onBlur: () => form.onBlur(name) })
  const title = widget ? t('dashboards:widget_edit') : t('dashboards:widget_new')
  return (
    <ToolDialog
      title={title}
      size="large"
      onClose={onClose}
      busy={create.pending || update.pending}
      form={{ label: title, onSubmit: () => void save() }}
      confirm={{ label: t('dashboards:save') }}
    >
      <FormField label={t('dashboards:field_title')} errorKey={errors.title} required>
        <Input {...field('title')} onChange={(_, d) => form.setValue('title', d.value)} />
      </FormField>
      <FormField label={t('dashboards:field_layout_type')} errorKey={errors.layoutType} hint={t('dashboards:layout_type_hint')}>
        <Select {...field('layoutType')} onChange={(_, d) => form.setValue('layoutType', d.value)}>
          {LAYOUT_TYPES.map((l) => (
            <option key={l} value={l}>{t(`dashboards:layout_${l}`)}</option>
          ))}
        </Select>
      </FormField>
      <FormField label={t('dashboards:field_data_type')} errorKey={errors.dataType}>
        <Select
          {...field('dataType')}
          onChange={(_, d) => {
            form.patch({ dataType: d.value as WidgetDataType, dataSource: '', content: '' })
            setShown(null)
          }}
        >
          {WIDGET_DATA_TYPES.map((d) => (
            <option key={d} value={d}>{t(`dashboards:data_${d}`)}</option>
          ))}
        </Select>
      </FormField>
      {values.dataType !== 'html' && (
        <FormField label={t('dashboards:field_chart_type')} errorKey={errors.chartType}>
          <Select {...field('chartType')} onChange={(_, d) => form.setValue('chartType', d.value)}>
            {CHART_TYPES.map((c) => (
              <option key={c} value={c}>{t(`dashboards:chart_${c}`)}</option>
            ))}
          </Select>
        </FormField>
      )}
      {uses.source === 'datasource' && (
        <FormField label={t('dashboards:field_datasource')} errorKey={errors.dataSource} required hint={sources.data?.length === 0 ? t('dashboards:no_sql_sources') : undefined}>
          <Select {...field('dataSource')} onChange={(_, d) => form.setValue('dataSource', d.value)}>
            <option value="">{t('dashboards:choose')}</option>
            {(sources.data ?? []).map((s) => (
              <option key={s.name} value={s.name}>{`${s.name} (${s.dbType})`}</option>
            ))}
          </Select>
        </FormField>
      )}
      {uses.source === 'metric' && (
        <FormField label={t('dashboards:field_metric')} errorKey={errors.dataSource} required>
          {/* Only a series takes a topic: another metric keeps no content. */}
          <Select {...field('dataSource')} onChange={(_, d) => form.patch({ dataSource: d.value, ...(isSeriesMetric(d.value) ? {} : { content: '' }) })}>
            <option value="">{t('dashboards:choose')}</option>
            {HUB_METRICS.map((m) => (
              <option key={m} value={m}>{t(`dashboards:metric_${m}`)}</option>
            ))}
          </Select>
        </FormField>
      )}
      {uses.source === 'metric' && isSeriesMetric(values.dataSource) && (
        <FormField label={t('dashboards:field_series_topic')} errorKey={errors.content} hint={t('dashboards:series_topic_hint')}>
          <Input {...field('content')} onChange={(_, d) => form.setValue('content', d.value)} />
        </FormField>
      )}
      {uses.source === 'url' && (
        <FormField label={t('dashboards:field_api')} errorKey={errors.dataSource} required hint={t('dashboards:api_hint')}>
          <Input {...field('dataSource')} type="url" placeholder="https://" onChange={(_, d) => form.setValue('dataSource', d.value)} />
        </FormField>
      )}
      {uses.content && (
        <FormField label={t(`dashboards:field_content_${uses.content}`)} errorKey={errors.content} required hint={t(`dashboards:content_hint_${uses.content}`)}>
          <Textarea {...field('content')} className={styles.code} rows={6} resize="vertical" onChange={(_, d) => form.setValue('content', d.value)} />
        </FormField>
      )}
      <div className={styles.previewBar}>
        <Button icon={<EyeRegular />} onClick={() => void runPreview()} disabled={preview.pending}>
          {t('dashboards:preview')}
        </Button>
        {shown && <Text className={styles.muted}>{t(shown.data.truncated ? 'dashboards:preview_rows_more' : 'dashboards:preview_rows', { count: shown.data.rows.length })}</Text>}
      </div>
      {previewError && (
        <MessageBar intent="error">
          <MessageBarBody>{previewError}</MessageBarBody>
        </MessageBar>
      )}
      {shown && (
        <section className={styles.preview} aria-label={t('dashboards:preview_result')}>
          <WidgetView data={shown.data} chartType={shown.chartType as ChartType} dataType={values.dataType} title={values.title} />
        </section>
      )}
      {shown && shown.chartType !== 'table' && values.dataType !== 'html' && (
        <section className={styles.preview} aria-label={t('dashboards:preview_rows_table')}>
          <WidgetView data={shown.data} chartType="table" dataType={values.dataType} title={t('dashboards:preview_rows_table')} />
        </section>
      )}
    </ToolDialog>
  )
}
