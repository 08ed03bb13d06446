import { useTranslation } from 'react-i18next'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Input, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components'
import { CopyRegular } from '@fluentui/react-icons'
import { showToast } from '../../../api/signals'

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS },
  secret: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
})

/**
 * A system secret, the one time it is shown (the hub keeps only its hash): the user copies it
 * now or makes a new one later.
 */
export function SecretDialog({ appCode, secret, onClose }: { appCode: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret)
      showToast({ intent: 'success', message: t('messaging:copied') })
    } catch {
      // Clipboard refused (no focus or permission): the text stays selectable in the field.
    }
  }
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('messaging:secret_title', { name: appCode })}</DialogTitle>
          <DialogContent className={styles.content}>
            <MessageBar intent="warning">
              <MessageBarBody>{t('messaging:secret_once')}</MessageBarBody>
            </MessageBar>
            <div className={styles.row}>
              <Input className={styles.secret} readOnly value={secret} aria-label={t('messaging:secret')} onFocus={(e) => e.target.select()} />
              <Button icon={<CopyRegular />} onClick={() => void copy()}>
                {t('messaging:copy')}
              </Button>
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('common:close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
