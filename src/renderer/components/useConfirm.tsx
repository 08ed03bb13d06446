import { useCallback, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import { OWN_KEYS_CLASS } from './keyScope'
import { useFocusReturn } from './useFocusReturn'

export interface ConfirmRequest {
  title: string
  message: string
  /** Label of the confirming button; 'OK' when absent. */
  confirmLabel?: string
}

/**
 * Ask before an action that changes data (spec: "toggle asks for confirmation then calls the
 * server"; part 2 §8 lists the confirmations). `confirm()` resolves true only when the user
 * accepts; closing the dialog any other way is a no. Render `dialog` once where the hook is used.
 */
export function useConfirm(): { confirm: (request: ConfirmRequest) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation()
  const [request, setRequest] = useState<ConfirmRequest | null>(null)
  const resolver = useRef<((yes: boolean) => void) | null>(null)
  useFocusReturn(request != null)

  const confirm = useCallback((next: ConfirmRequest) => {
    // A second request while one is open answers the first with no.
    resolver.current?.(false)
    setRequest(next)
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve
    })
  }, [])
  const answer = (yes: boolean) => {
    resolver.current?.(yes)
    resolver.current = null
    setRequest(null)
  }

  const dialog = (
    <Dialog open={request != null} modalType="alert" onOpenChange={(_, d) => !d.open && answer(false)}>
      <DialogSurface className={OWN_KEYS_CLASS}>
        <DialogBody>
          <DialogTitle>{request?.title}</DialogTitle>
          <DialogContent>{request?.message}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={() => answer(false)}>
              {t('common:cancel')}
            </Button>
            <Button appearance="primary" onClick={() => answer(true)}>
              {request?.confirmLabel ?? t('widgets:confirm_ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
  return { confirm, dialog }
}
