import { useTranslation } from 'react-i18next'
import { Button, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components'
import { PasswordFields, usePasswordChange } from '../../components/password/PasswordChange'

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } })

/**
 * The step after signing in with a password someone else chose (an administrator's reset, a new
 * account's initial password): the hub serves nothing else until it is replaced (hub
 * auth/passwordChange.ts), so the console asks for it before loading anything. On success the hub
 * ends the session and the user signs in again with the new password.
 */
export function ForcedPasswordChange({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const change = usePasswordChange(onDone)
  return (
    <form className={styles.form} onSubmit={(e) => void change.submit(e)} noValidate aria-label={t('login:must_change_title')}>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t('login:must_change_title')}</MessageBarTitle>
          {t('login:must_change_body')}
        </MessageBarBody>
      </MessageBar>
      <PasswordFields change={change} />
      <Button type="submit" appearance="primary" disabled={change.busy}>
        {t('common:save')}
      </Button>
    </form>
  )
}
