import { useTranslation } from 'react-i18next'
import { makeStyles, tokens } from '@fluentui/react-components'
import type { PageProps } from '../pageTypes'
import { LicenceView } from './LicenceView'
import { PageTitle } from '../../components/PageHeading'

const useStyles = makeStyles({ root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' } })

/** Menu route LicenseList (平台管理 › 系统配置 › 证书管理): the licence page inside the console. */
export default function LicenceListPage(_: PageProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <div className={styles.root}>
      <PageTitle>{t('license:title')}</PageTitle>
      <LicenceView />
    </div>
  )
}
