import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Tab, TabList } from '@fluentui/react-components'
import { ResourceListPage } from '../../../admin/ResourceListPage'
import type { PageProps } from '../../pageTypes'
import { pfAuthResource } from './pfAuthResource'
import { SysAuthList } from './SysAuthList'

type Section = 'system' | 'platform'

/**
 * System authentication (menu route SysAuthenticationList). Platform authentication has no menu
 * page of its own in the seeded menu: it is the second tab here, under the same permission.
 */
export default function SysAuthenticationPage(_: PageProps) {
  const { t } = useTranslation()
  const [section, setSection] = useState<Section>('system')
  const tabs = (
    <TabList selectedValue={section} onTabSelect={(_, d) => setSection(d.value as Section)} aria-label={t('messaging:auth_sections')}>
      <Tab value="system">{t('messaging:tab_system')}</Tab>
      <Tab value="platform">{t('messaging:tab_platform')}</Tab>
    </TabList>
  )
  return section === 'system' ? <SysAuthList header={tabs} /> : <ResourceListPage key="platform" definition={pfAuthResource} header={tabs} />
}
