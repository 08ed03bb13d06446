import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components'
import type { PageProps } from '../../pageTypes'
import { ExportPanel } from './ExportPanel'
import { ImportPanel } from './ImportPanel'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  panel: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM },
})

/** Configuration promotion between hubs (menu 'datahub.promotion', issue 18): export here, import there. */
export default function PromotionPage(_: PageProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [tab, setTab] = useState<'export' | 'import'>('export')
  return (
    <div className={styles.root}>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'export' | 'import')}>
        <Tab value="export">{t('promotion:tab_export')}</Tab>
        <Tab value="import">{t('promotion:tab_import')}</Tab>
      </TabList>
      <div className={styles.panel}>{tab === 'export' ? <ExportPanel /> : <ImportPanel />}</div>
    </div>
  )
}
