import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { producerCreate, producerGet, producerUpdate, type Producer } from '../../../../shared/contract/datahub/producer'
import { callHub } from '../../../api/hub'
import { TabbedEditor, type EditorTab } from '../../../components/TabbedEditor'
import { useRuleForm } from '../../../components/useRuleForm'
import { LaterVersionNote } from '../editor/LaterVersionNote'
import { RemarkField } from '../editor/RemarkField'
import { useRecordEditor } from '../editor/useRecordEditor'
import type { FlowTopic } from '../flow/flowRow'
import { blankProducer, editedFields, NO_CALLBACK_MODES, producerEditorSchema, valuesFromProducer } from './producerForm'
import { ProducerBasicTab } from './ProducerBasicTab'

export interface ProducerDialogProps {
  topic: FlowTopic
  /** Absent: the topic has no producer yet. */
  producerId?: string
  viewOnly: boolean
  onClose: () => void
  onSaved: (producer: Producer) => void
}

/**
 * Add, change or view a topic's producer (spec §2): basic config, callback, properties,
 * preprocess, remark. Basic and remark are edited here; the other tabs come with the mode editors.
 */
export function ProducerDialog({ topic, producerId, viewOnly, onClose, onSaved }: ProducerDialogProps) {
  const { t } = useTranslation()
  const form = useRuleForm(producerEditorSchema, blankProducer(topic.code))
  const [tab, setTab] = useState('basic')
  const editor = useRecordEditor({
    id: producerId,
    load: (id) => callHub(producerGet, { id }),
    toValues: valuesFromProducer,
    reset: form.reset,
    validate: form.validate,
    setFieldErrors: form.setFieldErrors,
    create: (data) => callHub(producerCreate, data, { quiet: true }),
    update: (data, p) => callHub(producerUpdate, { ...editedFields(data), id: p.id, version: p.version }, { quiet: true }),
    onSaved,
    onLoadFailed: onClose,
    onInvalid: (errors) => setTab(errors.remark && Object.keys(errors).length === 1 ? 'remark' : 'basic'),
  })

  const exists = editor.record != null
  const later = () => <LaterVersionNote />
  const tabs: EditorTab[] = [
    { id: 'basic', label: t('flow:tab_basic'), description: t('flow:producer_basic_desc'), render: () => <ProducerBasicTab form={form} topicName={topic.name} exists={exists} /> },
    // Spec §4: no callback tab before the producer exists, nor for modes that never call back.
    { id: 'callback', label: t('flow:tab_callback'), description: t('flow:producer_callback_desc'), hidden: !exists || NO_CALLBACK_MODES.includes(form.values.productionMode), render: later },
    { id: 'properties', label: t('flow:tab_properties'), description: t('flow:tab_properties_desc'), render: later },
    { id: 'preprocess', label: t('flow:tab_preprocess'), description: t('flow:tab_preprocess_desc'), render: later },
    {
      id: 'remark',
      label: t('flow:tab_remark'),
      description: t('flow:tab_remark_desc'),
      render: () => <RemarkField form={form} />,
    },
  ].map((x) => ({ ...x, disabled: x.id !== 'basic' && !exists }))

  return (
    <TabbedEditor
      open
      title={viewOnly ? t('flow:producer_title_view') : exists ? t('flow:producer_title_edit') : t('flow:producer_title_create')}
      tabs={tabs}
      selected={tab}
      onSelect={setTab}
      viewOnly={viewOnly}
      saving={editor.saving}
      loading={editor.loading}
      message={editor.message}
      onSave={editor.save}
      onBack={onClose}
    />
  )
}
