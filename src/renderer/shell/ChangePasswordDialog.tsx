import { useTranslation } from 'react-i18next'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components'
import { PasswordFields, usePasswordChange } from '../components/password/PasswordChange'

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } })

/** Change password from the user menu (components/password/PasswordChange.tsx does the work). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // The form lives inside the surface, which unmounts on close: every opening starts empty.
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <PasswordForm onClose={onClose} />
      </DialogSurface>
    </Dialog>
  )
}

function PasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const change = usePasswordChange(onClose)
  return (
    <form onSubmit={(e) => void change.submit(e)} noValidate>
      <DialogBody>
        <DialogTitle>{t('shell:change_password')}</DialogTitle>
        <DialogContent className={styles.form}>
          <PasswordFields change={change} />
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button appearance="primary" type="submit" disabled={change.busy}>
            {t('common:save')}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  )
}
