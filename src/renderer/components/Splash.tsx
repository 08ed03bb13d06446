import { useTranslation } from 'react-i18next'
import { makeStyles, Spinner, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
})

/** While the stored session is checked at start, and while a lazy chunk loads. */
export function Splash({ fullScreen = true }: { fullScreen?: boolean }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const spinner = <Spinner label={t('common:loading')} />
  return fullScreen ? <div className={styles.root}>{spinner}</div> : spinner
}
