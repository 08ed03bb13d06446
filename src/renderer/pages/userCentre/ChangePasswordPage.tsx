import { useTranslation } from 'react-i18next'
import { Button, Text } from '@fluentui/react-components'
import { PasswordFields, usePasswordChange } from '../../components/password/PasswordChange'
import { usePageStyles } from './pageStyles'
import { PageTitle } from '../../components/PageHeading'

/**
 * User centre › change password: the same form as the user menu's dialog
 * (components/password/PasswordChange.tsx); a refused save keeps what the user typed.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation()
  const styles = usePageStyles()
  const change = usePasswordChange()
  return (
    <div className={styles.root}>
      <PageTitle>{t('usercentre:password_title')}</PageTitle>
      <form className={styles.form} onSubmit={(e) => void change.submit(e)} noValidate>
        <Text className={styles.muted}>{t('usercentre:password_hint')}</Text>
        <PasswordFields change={change} />
        <div className={styles.row}>
          <Button appearance="primary" type="submit" disabled={change.busy}>
            {t('usercentre:password_save')}
          </Button>
        </div>
      </form>
    </div>
  )
}
