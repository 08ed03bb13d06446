import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { producerCreate, producerGet, producerUpdate, type Producer } from '../../../../shared/contract/datahub/producer'
import { callHub } from '../../../api/hub'
import { TabbedEditor, type EditorTab } from '../../../components/TabbedEditor'
import { useRuleForm } from '../../../components/useRuleForm'
import { ProcessorTab } from '../editor/ProcessorTab'
import { PropertiesTab, type PropertyValue } from '../editor/PropertiesTab'
import { useSchedulePreview } from '../../../components/schedule/useSchedulePreview'
import { RemarkField } from '../editor/RemarkField'
import { useRecordEditor } from '../editor/useRecordEditor'
import type { FlowTopic } from '../flow/flowRow'
import { bindModel } from './modes/modelBinding'
import { blankProducer, editedFields, isScheduled, NO_CALLBACK_MODES, producerEditorSchema, producerRuleInput, valuesFromProducer } from './producerForm'
import { ProducerBasicTab } from './ProducerBasicTab'
import { ProducerCallbackTab } from './ProducerCallbackTab'
import { ProducerRunsPanel } from './runs/ProducerRunsPanel'

export interface ProducerDialogProps {
  topic: FlowTopic
  /** Absent: the topic has no producer yet. */
  producerId?: string
  viewOnly: boolean
  onClose: () => void
  onSaved: (producer: Producer) => void
}

/** The tab a rule's first message belongs to, so a refused save shows it. */
function tabOf(path: string): string {
  if (path === 'remark') return 'remark'
  if (/^(pre|post)Processor/.test(path)) return 'preprocess'
  if (/\.properties\./.test(path)) return 'properties'
  if (/callback/i.test(path)) return 'callback'
  return 'basic'
}

/**
 * Add, change or view a topic's producer (spec §2): basic config (with the mode's sub-form,
 * schedule and its next fires, retry, alarms), callback, properties, preprocess, remark — one
 * form, saved together — and, for a saved producer the hub fetches for, its runs.
 */
export function ProducerDialog({ topic, producerId, viewOnly, onClose, onSaved }: ProducerDialogProps) {
  const { t } = useTranslation()
  const form = useRuleForm(producerEditorSchema, blankProducer(topic.code), producerRuleInput)
  const [tab, setTab] = useState('basic')
  const editor = useRecordEditor({
    id: producerId,
    load: (id) => callHub(producerGet, { id }),
    toValues: valuesFromProducer,
    reset: form.reset,
    validate: form.validate,
    setFieldErrors: form.setFieldErrors,
    create: (data) => callHub(producerCreate, editedFields(data), { quiet: true }),
    update: (data, p) => callHub(producerUpdate, { ...editedFields(data), id: p.id, version: p.version }, { quiet: true }),
    onSaved,
    onLoadFailed: onClose,
    objectType: 'producer',
    onSubmitted: onClose,
    onInvalid: (errors) => setTab(tabOf(Object.keys(errors)[0] ?? '')),
  })

  const exists = editor.record != null
  const scheduled = isScheduled(form.values.productionMode)
  const preview = useSchedulePreview(scheduled ? form.values : null)
  // A schedule the hub says never fires is not saved: its refusal stays under the widget, and
  // once a save was refused for it, above the buttons too (not before: a new producer's empty
  // timetable never fires, and a short window has no room to spare for saying so twice).
  const [refusedSave, setRefusedSave] = useState(false)
  const save = () => {
    if (!(scheduled && preview.neverFires)) return editor.save()
    setRefusedSave(true)
    setTab('basic')
  }
  const model = bindModel(form)
  const tabs: EditorTab[] = [
    {
      id: 'basic',
      label: t('flow:tab_basic'),
      description: t('flow:producer_basic_desc'),
      render: () => <ProducerBasicTab form={form} topicName={topic.name} exists={exists} preview={preview} />,
    },
    // Spec §4: no callback tab before the producer exists, nor for modes that never call back.
    {
      id: 'callback',
      label: t('flow:tab_callback'),
      description: t('flow:producer_callback_desc'),
      hidden: !exists || NO_CALLBACK_MODES.includes(form.values.productionMode),
      render: () => <ProducerCallbackTab form={form} />,
    },
    {
      id: 'properties',
      label: t('flow:tab_properties'),
      description: t('flow:tab_properties_desc'),
      render: () =>
        model ? (
          <PropertiesTab rows={model.model.properties as PropertyValue[] | undefined} errors={model.errorsUnder('properties')} onChange={(properties) => model.set({ properties })} onBlur={model.blur} />
        ) : null,
    },
    {
      id: 'preprocess',
      label: t('flow:tab_preprocess'),
      description: t('flow:tab_preprocess_desc'),
      render: () => <ProcessorTab values={form.values} errors={form.errors} onChange={form.patch} onBlur={form.onBlur} />,
    },
    { id: 'remark', label: t('flow:tab_remark'), description: t('flow:tab_remark_desc'), render: () => <RemarkField form={form} /> },
    {
      id: 'runs',
      label: t('runs:tab_runs'),
      description: t('runs:tab_runs_desc'),
      hidden: !exists || !scheduled,
      notAnEdit: true,
      render: () => (editor.record ? <ProducerRunsPanel producerId={editor.record.id} /> : null),
    },
  ].map((x) => ({ ...x, disabled: x.id !== 'basic' && !exists }))

  return (
    <>
      <TabbedEditor
        open
        title={viewOnly ? t('flow:producer_title_view') : exists ? t('flow:producer_title_edit') : t('flow:producer_title_create')}
        tabs={tabs}
        selected={tab}
        onSelect={setTab}
        viewOnly={viewOnly}
        saving={editor.saving}
        loading={editor.loading}
        notice={editor.notice}
        message={editor.message ?? (scheduled && refusedSave ? preview.neverFires : null)}
        onSave={save}
        onBack={onClose}
      />
      {editor.confirmDialog}
    </>
  )
}
