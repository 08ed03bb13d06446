import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, makeStyles, Toast, ToastBody, Toaster, ToastTitle, tokens, useId, useToastController } from '@fluentui/react-components'
import { onSignal, type ToastDetail, type ToastSignal } from '../api/signals'
import { codeBlock } from './code/CodeText'

/** Spec §9: toasts stay 5000 ms. */
export const TOAST_MS = 5000
/** Toasts on screen at once: a burst of failures must not cover the page (issue 24). */
export const MAX_VISIBLE_TOASTS = 3

const useStyles = makeStyles({
  detail: { ...codeBlock, margin: `${tokens.spacingVerticalXS} 0 0`, maxHeight: '200px' },
})

/** The reference of a '5000' (`data.reference`): the hub's log line has it too (HUB_LOG_FORMAT json or text). */
const referenceOf = (data: unknown): string | null => {
  const ref = (data as { reference?: unknown } | null | undefined)?.reference
  return typeof ref === 'string' && ref !== '' ? ref : null
}

/** The expandable detail panel (code, log reference, endpoint, data) shown when `error.log` is '1'. */
function ErrorDetail({ detail }: { detail: ToastDetail }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [open, setOpen] = useState(false)
  const id = useId('toast-detail')
  const reference = referenceOf(detail.data)
  return (
    <>
      <Button size="small" appearance="transparent" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? t('common:hide_details') : t('common:show_details')}
      </Button>
      {open && (
        <pre id={id} className={styles.detail}>
          {`${t('common:detail_code')}: ${detail.code}\n${reference ? `${t('common:detail_reference')}: ${reference}\n` : ''}${t('common:detail_endpoint')}: ${detail.endpoint}\n${t('common:detail_data')}: ${JSON.stringify(detail.data ?? null, null, 2)}`}
        </pre>
      )}
    </>
  )
}

function SignalToast({ signal, count }: { signal: ToastSignal; count: number }) {
  const { t } = useTranslation()
  return (
    <Toast>
      <ToastTitle
        action={
          count > 1 ? (
            <Badge appearance="tint" color="informative" aria-label={t('common:toast_count_label', { count })}>
              {t('common:toast_count', { count })}
            </Badge>
          ) : undefined
        }
      >
        {signal.message}
      </ToastTitle>
      {signal.detail && (
        <ToastBody>
          <ErrorDetail detail={signal.detail} />
        </ToastBody>
      )}
    </Toast>
  )
}

/** Same intent and text: the same news, shown once with a count. */
const repeatKey = (signal: ToastSignal): string => `${signal.intent}\u0000${signal.message}`

interface Shown {
  id: string
  count: number
}

/**
 * Shows the hub client's toasts (api/signals.ts): errors red, warnings yellow, 5 s each. A toast
 * that repeats one still on screen counts up on it and starts its 5 s again instead of stacking
 * another; at most MAX_VISIBLE_TOASTS are shown, a new one replacing the oldest (the newest news is
 * the one the user just caused).
 */
export function HubToasts() {
  const toasterId = useId('hub-toaster')
  const { dispatchToast, updateToast, dismissToast } = useToastController(toasterId)
  // Insertion order is the order they appeared in: the first entry is the oldest.
  const shown = useRef(new Map<string, Shown>())
  const next = useRef(0)
  useEffect(
    () =>
      onSignal('toast', (signal) => {
        const key = repeatKey(signal)
        const same = shown.current.get(key)
        if (same) {
          same.count += 1
          updateToast({ toastId: same.id, content: <SignalToast signal={signal} count={same.count} />, intent: signal.intent, timeout: TOAST_MS })
          return
        }
        if (shown.current.size >= MAX_VISIBLE_TOASTS) {
          const [oldestKey, oldest] = shown.current.entries().next().value as [string, Shown]
          shown.current.delete(oldestKey)
          dismissToast(oldest.id)
        }
        const entry = { id: `${toasterId}-${(next.current += 1)}`, count: 1 }
        shown.current.set(key, entry)
        dispatchToast(<SignalToast signal={signal} count={1} />, {
          toastId: entry.id,
          intent: signal.intent,
          timeout: TOAST_MS,
          pauseOnHover: true,
          // Issue 44 (item 3): a toast is news, not a stop. Fluent makes each one a Tab stop whose
          // Tab handler looks for a control inside and, finding none, keeps focus there; the
          // Toaster's live region already announces it. A detail button stays reachable.
          root: { tabIndex: -1 },
          onStatusChange: (_, d) => {
            if ((d.status === 'dismissed' || d.status === 'unmounted') && shown.current.get(key) === entry) shown.current.delete(key)
          },
        })
      }),
    [dispatchToast, updateToast, dismissToast, toasterId],
  )
  return <Toaster toasterId={toasterId} position="top" />
}
