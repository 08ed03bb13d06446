import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { consumerCreate, consumerGet, consumerUpdate, type Consumer } from '../../../../shared/contract/datahub/consumer'
import { callHub } from '../../../api/hub'
import { TabbedEditor, type EditorTab } from '../../../components/TabbedEditor'
import { useRuleForm } from '../../../components/useRuleForm'
import { LaterVersionNote } from '../editor/LaterVersionNote'
import { RemarkField } from '../editor/RemarkField'
import { useRecordEditor } from '../editor/useRecordEditor'
import type { FlowTopic } from '../flow/flowRow'
import { blankConsumer, consumerEditorSchema, editedConsumerFields, NO_MAPPING_TYPES, valuesFromConsumer } from './consumerForm'
import { ConsumerBasicTab } from './ConsumerBasicTab'

export interface ConsumerDialogProps {
  topic: FlowTopic
  /** Absent: a new consumer for a blank slot. */
  consumerId?: string
  viewOnly: boolean
  onClose: () => void
  onSaved: (consumer: Consumer) => void
}

/**
 * Add, change or view a consumer (spec §2): basic config, mapping, properties, preprocess,
 * remark. Basic and remark are edited here; the other tabs come with the consume-type editors.
 */
export function ConsumerDialog({ topic, consumerId, viewOnly, onClose, onSaved }: ConsumerDialogProps) {
  const { t } = useTranslation()
  const schema = useMemo(() => consumerEditorSchema(topic.distributeType, topic.code), [topic.distributeType, topic.code])
  const form = useRuleForm(schema, blankConsumer(topic.code))
  const [tab, setTab] = useState('basic')
  const editor = useRecordEditor({
    id: consumerId,
    load: (id) => callHub(consumerGet, { id }),
    toValues: valuesFromConsumer,
    reset: form.reset,
    validate: form.validate,
    setFieldErrors: form.setFieldErrors,
    create: (data) => callHub(consumerCreate, data, { quiet: true }),
    update: (data, c) => callHub(consumerUpdate, { ...editedConsumerFields(data), id: c.id, version: c.version }, { quiet: true }),
    onSaved,
    onLoadFailed: onClose,
    onInvalid: (errors) => setTab(errors.remark && Object.keys(errors).length === 1 ? 'remark' : 'basic'),
  })

  const exists = editor.record != null
  const later = () => <LaterVersionNote />
  const tabs: EditorTab[] = [
    { id: 'basic', label: t('flow:tab_basic'), description: t('flow:consumer_basic_desc'), render: () => <ConsumerBasicTab form={form} topic={topic} /> },
    // Spec §4: no mapping tab before the consumer exists, nor for types that deliver as they receive.
    { id: 'mapping', label: t('flow:tab_mapping'), description: t('flow:consumer_mapping_desc'), hidden: !exists || NO_MAPPING_TYPES.includes(form.values.dataConsumeType), render: later },
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
      title={viewOnly ? t('flow:consumer_title_view') : exists ? t('flow:consumer_title_edit') : t('flow:consumer_title_create')}
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
