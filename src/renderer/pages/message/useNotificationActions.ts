import { useCallback, useState } from 'react'
import * as contract from '../../../shared/contract/alarms/notifications'
import type { NotificationFilter } from '../../../shared/contract/alarms/notifications'
import type { OutboxAction } from '../../../shared/rules/alarms/outbox'
import { callHub } from '../../api/hub'
import { invalidate } from '../../api/query'
import { showToast } from '../../api/signals'
import type { ConfirmRequest } from '../../components/useConfirm'
import { i18n } from '../../i18n'

const BY_IDS = { retry: contract.notificationRetry, discard: contract.notificationDiscard, process: contract.notificationProcess, cancel: contract.notificationCancel } as const

/** The list and the bell's count read these: after a change both ask again. */
const changed = () => invalidate(contract.notificationList, contract.notificationCount)

/**
 * The message centre's actions. On ids (a row or the selection): asked first, then the hub
 * changes those the action applies to and says how many; the others are left as they are.
 * On all the search matches: the hub first counts what the action would change (dry run), the
 * operator confirms that number, then the same filter is applied. Refusals (an expired notice
 * cannot be sent) are the hub's messages, shown by the error policy.
 */
export function useNotificationActions(confirm: (r: ConfirmRequest) => Promise<boolean>) {
  const [busy, setBusy] = useState(false)
  const t = i18n.t.bind(i18n)

  const onIds = useCallback(
    async (action: OutboxAction, ids: readonly string[]): Promise<boolean> => {
      if (ids.length === 0) return false
      const yes = await confirm({ title: t(`alarms:action_${action}`), message: t(`alarms:${action}_ids_confirm`, { count: ids.length }) })
      if (!yes) return false
      setBusy(true)
      try {
        const r = await callHub(BY_IDS[action], { ids: [...ids] })
        if (!r.ok) return false
        const left = ids.length - r.data.count
        showToast({ intent: 'success', message: t(`alarms:${action}_done`, { count: r.data.count }) + (left > 0 ? t('alarms:left_as_they_are', { count: left }) : '') })
        changed()
        return true
      } finally {
        setBusy(false)
      }
    },
    [confirm],
  )

  const onAll = useCallback(
    async (action: OutboxAction, filter: NotificationFilter): Promise<boolean> => {
      setBusy(true)
      try {
        const counted = await callHub(contract.notificationBulk, { action, dryRun: true, filter })
        if (!counted.ok) return false
        if (counted.data.count === 0) {
          showToast({ intent: 'info', message: t('alarms:bulk_none') })
          return false
        }
        const yes = await confirm({
          title: t(`alarms:${action}_all`),
          message: t(`alarms:${action}_all_confirm`, { count: counted.data.count }),
          confirmLabel: t(`alarms:${action}_all_ok`, { count: counted.data.count }),
        })
        if (!yes) return false
        const applied = await callHub(contract.notificationBulk, { action, dryRun: false, filter })
        if (!applied.ok) return false
        showToast({ intent: 'success', message: t(`alarms:${action}_done`, { count: applied.data.count }) })
        changed()
        return true
      } finally {
        setBusy(false)
      }
    },
    [confirm],
  )
  return { onIds, onAll, busy }
}
