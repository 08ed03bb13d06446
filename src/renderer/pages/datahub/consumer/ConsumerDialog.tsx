import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { consumerCreate, consumerGet, consumerUpdate, type Consumer } from '../../../../shared/contract/datahub/consumer'
import { producerGet } from '../../../../shared/contract/datahub/producer'
import { CONSUMER_MODEL_OF } from '../../../../shared/rules/datahub/consumer'
import { callHub } from '../../../api/hub'
import { useHubQuery } from '../../../api/query'
import { TabbedEditor, type EditorTab } from '../../../components/TabbedEditor'
import { useRuleForm } from '../../../components/useRuleForm'
import { ProcessorTab } from '../editor/ProcessorTab'
import { PropertiesTab } from '../editor/PropertiesTab'
import { RemarkField } from '../editor/RemarkField'
import { useRecordEditor } from '../editor/useRecordEditor'
import type { FlowTopic } from '../flow/flowRow'
import { MappingTab } from '../mapping/MappingTab'
import { useMappingTable } from '../mapping/useMappingTable'
import {
  asConsumeType,
  blankConsumer,
  consumerEditorSchema,
  editedConsumerFields,
  errorsUnder,
  modelPayload,
  NO_MAPPING_TYPES,
  ruleInput,
  valuesFromConsumer,
  type ConsumerEditorOutput,
} from './consumerForm'
import { ConsumerBasicTab } from './ConsumerBasicTab'
import { useApiPathLookup } from './useApiPathLookup'

export interface ConsumerDialogProps {
  topic: FlowTopic
  /** Absent: a new consumer for a blank slot. */
  consumerId?: string
  /** The topic's producer, when it has one: how it reads says whether the same rows come each run. */
  producerId?: string
  viewOnly: boolean
  onClose: () => void
  onSaved: (consumer: Consumer) => void
}

/**
 * Add, change or view a consumer (spec §2): basic config (with the consume type's settings,
 * notifications and alarm), mapping, properties, preprocess, remark. The form and the mapping
 * table live here, not in the tabs, so switching tabs keeps every edit until Save.
 */
export function ConsumerDialog({ topic, consumerId, producerId, viewOnly, onClose, onSaved }: ConsumerDialogProps) {
  const { t } = useTranslation()
  const schema = useMemo(() => consumerEditorSchema(topic.distributeType, topic.code), [topic.distributeType, topic.code])
  const form = useRuleForm(schema, blankConsumer(topic.code), ruleInput)
  const mapping = useMappingTable(form.values.fieldMappings)
  const apiPath = useApiPathLookup(form.patch)
  const producer = useHubQuery(producerGet, { id: producerId ?? '' }, { quiet: true, enabled: producerId !== undefined }).data ?? null
  const [tab, setTab] = useState('basic')
  /** The form's rule, then (when the consumer maps fields) the mapping table: its text joins what is saved. */
  const validate = (): ReturnType<typeof form.validate> => {
    const checked = form.validate()
    if (!mappingShown) return checked
    const m = mapping.collect()
    if (!m.ok) return { ok: false, errors: { ...(checked.ok ? {} : checked.errors), fieldMappings: 'msg_field_required' } }
    return checked.ok ? { ok: true, data: { ...(checked.data as ConsumerEditorOutput), fieldMappings: m.text } } : checked
  }
  const editor = useRecordEditor({
    id: consumerId,
    load: (id) => callHub(consumerGet, { id }),
    toValues: valuesFromConsumer,
    reset: form.reset,
    validate,
    setFieldErrors: form.setFieldErrors,
    create: (data) => callHub(consumerCreate, data, { quiet: true }),
    update: (data, c) =>
      callHub(
        consumerUpdate,
        {
          ...editedConsumerFields(data),
          // The type's sub-model, with what the form does not edit kept from the stored consumer.
          ...modelPayload(data.dataConsumeType, form.values.model, form.values.properties, c),
          ...(mappingShown ? { fieldMappings: data.fieldMappings } : {}),
          id: c.id,
          version: c.version,
        },
        { quiet: true },
      ),
    onSaved,
    onLoadFailed: onClose,
    objectType: 'consumer',
    onSubmitted: onClose,
    onInvalid: (errors) => {
      // The tab of the first message: basic unless every message belongs to one other tab.
      const fields = Object.keys(errors)
      const only = (test: (path: string) => boolean) => fields.length > 0 && fields.every(test)
      if (only((p) => p === 'fieldMappings')) return setTab('mapping')
      if (only((p) => p === 'remark')) return setTab('remark')
      if (only((p) => p.includes('.properties.'))) return setTab('properties')
      if (only((p) => /^(pre|post)Processor/.test(p))) return setTab('preprocess')
      setTab('basic')
    },
  })

  const exists: boolean = editor.record != null
  // Spec §4: no mapping tab before the consumer exists, nor for types that deliver as they receive.
  const mappingShown: boolean = exists && !NO_MAPPING_TYPES.includes(form.values.dataConsumeType)
  const type = asConsumeType(form.values.dataConsumeType)
  const propsPrefix = type ? `${CONSUMER_MODEL_OF[type]}${type === 'excel' ? '.0' : ''}.properties.` : ''
  const tabs: EditorTab[] = [
    { id: 'basic', label: t('flow:tab_basic'), description: t('flow:consumer_basic_desc'), render: () => <ConsumerBasicTab form={form} topic={topic} apiPath={apiPath} producer={producer} /> },
    {
      id: 'mapping',
      label: t('flow:tab_mapping'),
      description: t('flow:consumer_mapping_desc'),
      hidden: !mappingShown,
      render: () => <MappingTab table={mapping} topicId={topic.id} topicCode={topic.code} consumerId={consumerId ?? editor.record?.id ?? ''} />,
    },
    {
      id: 'properties',
      label: t('flow:tab_properties'),
      description: t('flow:tab_properties_desc'),
      render: () => (
        <PropertiesTab
          rows={form.values.properties}
          errors={errorsUnder(form.errors, propsPrefix)}
          onChange={(properties) => form.patch({ properties })}
          onBlur={() => type && form.onBlur(CONSUMER_MODEL_OF[type] as keyof typeof form.values & string)}
        />
      ),
    },
    {
      id: 'preprocess',
      label: t('flow:tab_preprocess'),
      description: t('flow:tab_preprocess_desc'),
      render: () => <ProcessorTab values={form.values} errors={form.errors} onChange={form.patch} onBlur={form.onBlur} />,
    },
    {
      id: 'remark',
      label: t('flow:tab_remark'),
      description: t('flow:tab_remark_desc'),
      render: () => <RemarkField form={form} />,
    },
  ].map((x) => ({ ...x, disabled: x.id !== 'basic' && !exists }))

  return (
    <>
      <TabbedEditor
        open
        title={viewOnly ? t('flow:consumer_title_view') : exists ? t('flow:consumer_title_edit') : t('flow:consumer_title_create')}
        tabs={tabs}
        selected={tab}
        onSelect={setTab}
        viewOnly={viewOnly}
        saving={editor.saving}
        loading={editor.loading}
        notice={editor.notice}
        message={editor.message}
        onSave={editor.save}
        onBack={onClose}
      />
      {editor.confirmDialog}
    </>
  )
}
