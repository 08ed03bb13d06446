import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, Toast, ToastBody, Toaster, ToastTitle, tokens, useId, useToastController } from '@fluentui/react-components'
import { onSignal, type ToastDetail, type ToastSignal } from '../api/signals'

/** Spec §9: toasts stay 5000 ms. */
export const TOAST_MS = 5000

const useStyles = makeStyles({
  detail: {
    margin: `${tokens.spacingVerticalXS} 0 0`,
    padding: tokens.spacingHorizontalS,
    maxHeight: '200px',
    overflow: 'auto',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-all',
  },
})

/** The expandable detail panel (code, endpoint, data) shown when `error.log` is '1'. */
function ErrorDetail({ detail }: { detail: ToastDetail }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [open, setOpen] = useState(false)
  const id = useId('toast-detail')
  return (
    <>
      <Button size="small" appearance="transparent" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? t('common:hide_details') : t('common:show_details')}
      </Button>
      {open && (
        <pre id={id} className={styles.detail}>
          {`${t('common:detail_code')}: ${detail.code}\n${t('common:detail_endpoint')}: ${detail.endpoint}\n${t('common:detail_data')}: ${JSON.stringify(detail.data ?? null, null, 2)}`}
        </pre>
      )}
    </>
  )
}

function SignalToast({ signal }: { signal: ToastSignal }) {
  return (
    <Toast>
      <ToastTitle>{signal.message}</ToastTitle>
      {signal.detail && (
        <ToastBody>
          <ErrorDetail detail={signal.detail} />
        </ToastBody>
      )}
    </Toast>
  )
}

/** Shows the hub client's toasts (api/signals.ts): errors red, warnings yellow, 5 s each. */
export function HubToasts() {
  const toasterId = useId('hub-toaster')
  const { dispatchToast } = useToastController(toasterId)
  useEffect(
    () => onSignal('toast', (signal) => dispatchToast(<SignalToast signal={signal} />, { intent: signal.intent, timeout: TOAST_MS, pauseOnHover: true })),
    [dispatchToast],
  )
  return <Toaster toasterId={toasterId} position="top" />
}
