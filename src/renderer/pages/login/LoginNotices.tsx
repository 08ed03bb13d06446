import { useTranslation } from 'react-i18next'
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components'
import { DismissRegular } from '@fluentui/react-icons'
import { appInfoStore, dismissBootstrapPassword } from '../../state/appInfo'
import { useStore } from '../../state/store'

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  secret: {
    fontFamily: tokens.fontFamilyMonospace,
    fontWeight: tokens.fontWeightSemibold,
    padding: `0 ${tokens.spacingHorizontalXS}`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusSmall,
    userSelect: 'all',
    whiteSpace: 'nowrap',
  },
})

/**
 * What the sign-in page must tell before anyone types: no desktop bridge (a plain browser), no
 * OS keychain (the session lasts this run only), and the embedded hub's first-start admin
 * password (shown once, until dismissed, with the advice to change it).
 */
export function LoginNotices() {
  const { t } = useTranslation()
  const styles = useStyles()
  const bridge = useStore(appInfoStore, (s) => s.bridge)
  const vault = useStore(appInfoStore, (s) => s.info?.vault)
  // The password is the embedded hub's: it means nothing on a remote hub's login view.
  const bootstrapPassword = useStore(appInfoStore, (s) => (s.info?.profile.kind === 'remote' ? null : s.bootstrapPassword))
  if (bridge !== 'missing' && vault !== 'memory' && !bootstrapPassword) return null
  return (
    <div className={styles.list}>
      {bridge === 'missing' && (
        <MessageBar intent="error">
          <MessageBarBody>{t('errors:bridge_unavailable')}</MessageBarBody>
        </MessageBar>
      )}
      {vault === 'memory' && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('messages:msg_keychain_unavailable')}</MessageBarBody>
        </MessageBar>
      )}
      {bootstrapPassword && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('login:bootstrap_title')}</MessageBarTitle>
            {t('login:bootstrap_body')}{' '}
            <code className={styles.secret} data-testid="bootstrap-password">
              {bootstrapPassword}
            </code>
            <br />
            {t('login:bootstrap_hint')}
          </MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button appearance="transparent" aria-label={t('common:dismiss')} icon={<DismissRegular />} onClick={dismissBootstrapPassword} />
            }
          />
        </MessageBar>
      )}
    </div>
  )
}
