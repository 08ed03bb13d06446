import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { OWN_KEYS_CLASS } from './keyScope'
import { useFocusReturn } from './useFocusReturn'
import { useKeptFocus } from './useKeptFocus'

const useStyles = makeStyles({
  medium: { width: '720px', maxWidth: '92vw' },
  large: { width: '960px', maxWidth: '94vw' },
  full: { width: '88vw', maxWidth: '88vw' },
  // Issue 24: Fluent bounds DialogBody by the window's height; only the body scrolls, so the title
  // and the action bar stay in view at any height. Its parts keep their size (a list with its own
  // scroll bar would otherwise be squeezed to nothing before the body scrolls).
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    overflowY: 'auto',
    minHeight: 0,
    '> *': { flexShrink: 0 },
  },
})

export interface ToolDialogConfirm {
  label: string
  onClick?: () => void
  disabled?: boolean
}

/**
 * A dialog that is a form: body and action bar are inside it, so the primary button submits it
 * and Enter in a field does too.
 */
export interface ToolDialogForm {
  /** Accessible name of the form. */
  label: string
  onSubmit: () => void
}

export interface ToolDialogProps {
  /** Default true: the caller mounts the dialog only while it is open. */
  open?: boolean
  title: ReactNode
  /** medium 720 px (forms), large 960 px, full 88% of the window (tables). */
  size?: 'medium' | 'large' | 'full'
  onClose: () => void
  /** Label of the close button (default widgets:back). */
  closeLabel?: string
  /** The primary button after the close button (with `form`, it submits the form). */
  confirm?: ToolDialogConfirm
  form?: ToolDialogForm
  /** Work in flight (a save): both buttons wait for it. */
  busy?: boolean
  bodyClassName?: string
  /** Dialogs opened from this one (confirmations): nested in its surface, Fluent then treats them as its children. */
  nested?: ReactNode
  children: ReactNode
}

/**
 * The frame of the console's tool and form dialogs: modal, sized, a title, a scrolling body and
 * an action bar (close, then the primary action). Escape and the backdrop close it like the
 * close button (Escape in the code editor stays the editor's: CodeEditor). Its keys are its own:
 * no canvas behind it takes them (keyScope.ts). Closed, it gives focus back to its opener;
 * open, it keeps focus on the control the user was on while a save changes the form.
 */
export function ToolDialog({ open = true, title, size = 'medium', onClose, closeLabel, confirm, form, busy = false, bodyClassName, nested, children }: ToolDialogProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  useFocusReturn(open)
  // State, not a ref: the surface mounts in a portal, possibly after this component's first effects.
  const [surface, setSurface] = useState<HTMLDivElement | null>(null)
  useKeptFocus(surface, !busy && confirm?.disabled !== true)
  const body = (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent className={mergeClasses(styles.body, bodyClassName)}>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {closeLabel ?? t('widgets:back')}
        </Button>
        {confirm && (
          <Button appearance="primary" type={form ? 'submit' : 'button'} onClick={confirm.onClick} disabled={busy || confirm.disabled === true}>
            {confirm.label}
          </Button>
        )}
      </DialogActions>
    </DialogBody>
  )
  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface ref={setSurface} className={mergeClasses(styles[size], OWN_KEYS_CLASS)}>
        {form ? (
          <form
            noValidate
            aria-label={form.label}
            onSubmit={(e) => {
              e.preventDefault()
              form.onSubmit()
            }}
          >
            {body}
          </form>
        ) : (
          body
        )}
        {nested}
      </DialogSurface>
    </Dialog>
  )
}
