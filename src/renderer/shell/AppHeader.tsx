import { useTranslation } from 'react-i18next'
import { makeStyles, Text, tokens } from '@fluentui/react-components'
import { LanguageSwitch } from '../components/LanguageSwitch'
import { sessionStore } from '../state/session'
import { useStore } from '../state/store'
import { PendingTasksButton } from './unread/PendingTasksButton'
import { UnreadBell } from './unread/UnreadBell'
import { UserMenu } from './UserMenu'

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    height: '48px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    flexShrink: 0,
  },
  title: { flexGrow: 1, color: tokens.colorNeutralForegroundOnBrand },
  tools: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `0 ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
})

/** Product name (the hub's, in the current language), the unread bell, the waiting approval tasks, language switch, user menu. */
export function AppHeader() {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const product = useStore(sessionStore, (s) => s.product)
  const name = (i18n.language === 'en' ? product?.productNameEn : product?.productName) || t('common:product_name')
  return (
    <header className={styles.header}>
      <Text as="span" size={500} weight="semibold" className={styles.title}>
        {name}
      </Text>
      <div className={styles.tools}>
        <UnreadBell />
        <PendingTasksButton />
        <LanguageSwitch />
        <UserMenu />
      </div>
    </header>
  )
}
