import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Tab, TabList } from '@fluentui/react-components'
import { ResourceListPage } from '../../admin/ResourceListPage'
import type { PageProps } from '../pageTypes'
import { alarmRuleResource } from './alarmRuleResource'
import { webhookResource } from './webhookResource'

type Section = 'rules' | 'webhooks'

/**
 * 预警任务 (menu 'alert.job', component AlertJobList): the alarm rules, and as a second tab the
 * robots and webhooks the alarms go to (both under the permission 'alert:job').
 */
export default function AlertJobPage(_: PageProps) {
  const { t } = useTranslation()
  const [section, setSection] = useState<Section>('rules')
  const tabs = (
    <TabList selectedValue={section} onTabSelect={(_, d) => setSection(d.value as Section)} aria-label={t('alarms:job_sections')}>
      <Tab value="rules">{t('alarms:tab_rules')}</Tab>
      <Tab value="webhooks">{t('alarms:tab_webhooks')}</Tab>
    </TabList>
  )
  return section === 'rules' ? <ResourceListPage key="rules" definition={alarmRuleResource} header={tabs} /> : <ResourceListPage key="webhooks" definition={webhookResource} header={tabs} />
}
