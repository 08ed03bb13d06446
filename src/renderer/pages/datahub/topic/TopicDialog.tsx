import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { topicCreate, topicDetail, topicUpdate, type TopicDetail } from '../../../../shared/contract/datahub/topic'
import { topicFormSchema } from '../../../../shared/rules/datahub/topic'
import { callHub } from '../../../api/hub'
import { TabbedEditor, type EditorTab } from '../../../components/TabbedEditor'
import { useRuleForm } from '../../../components/useRuleForm'
import { RemarkField } from '../editor/RemarkField'
import { useRecordEditor } from '../editor/useRecordEditor'
import { blankTopic, tabOfField, topicInputOf, valuesFromTopic, type TopicTab } from './topicForm'
import { TopicBasicTab } from './TopicBasicTab'
import { TopicLogTab } from './TopicLogTab'
import { TopicNoticeTab } from './TopicNoticeTab'
import { TopicRouterTab } from './TopicRouterTab'

export interface TopicDialogProps {
  /** Absent: a new topic. */
  topicId?: string
  viewOnly: boolean
  onClose: () => void
  onSaved: (topic: TopicDetail) => void
}

/**
 * Add, change or view a topic (spec §2, §4): five tabs, only 'basic' until the topic exists,
 * the code locked once it does. Save creates without an id and updates with one.
 */
export function TopicDialog({ topicId, viewOnly, onClose, onSaved }: TopicDialogProps) {
  const { t } = useTranslation()
  const form = useRuleForm(topicFormSchema, blankTopic(), topicInputOf)
  const [tab, setTab] = useState<TopicTab>('basic')
  const editor = useRecordEditor({
    id: topicId,
    load: (id) => callHub(topicDetail, { id }),
    toValues: valuesFromTopic,
    reset: form.reset,
    validate: form.validate,
    setFieldErrors: form.setFieldErrors,
    create: (data) => callHub(topicCreate, data, { quiet: true }),
    update: (data, topic) => callHub(topicUpdate, { ...data, id: topic.id, version: topic.version }, { quiet: true }),
    onSaved,
    onLoadFailed: onClose,
    objectType: 'topic',
    onSubmitted: onClose,
    onInvalid: (errors) => {
      const first = Object.keys(errors)[0]
      if (first) setTab(tabOfField(first))
    },
  })

  const exists = editor.record != null
  const tabs: EditorTab[] = [
    { id: 'basic', label: t('topic:tab_basic'), description: t('topic:tab_basic_desc'), render: () => <TopicBasicTab form={form} exists={exists} /> },
    { id: 'router', label: t('topic:tab_router'), description: t('topic:tab_router_desc'), render: () => <TopicRouterTab form={form} /> },
    { id: 'notice', label: t('topic:tab_notice'), description: t('topic:tab_notice_desc'), render: () => <TopicNoticeTab form={form} /> },
    { id: 'log', label: t('topic:tab_log'), description: t('topic:tab_log_desc'), render: () => <TopicLogTab form={form} /> },
    {
      id: 'remark',
      label: t('topic:tab_remark'),
      description: t('topic:tab_remark_desc'),
      render: () => <RemarkField form={form} />,
    },
  ].map((x) => ({ ...x, disabled: x.id !== 'basic' && !exists }))

  return (
    <>
      <TabbedEditor
        open
        title={viewOnly ? t('topic:title_view') : exists ? t('topic:title_edit') : t('topic:title_create')}
        tabs={tabs}
        selected={tab}
        onSelect={(id) => setTab(id as TopicTab)}
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
