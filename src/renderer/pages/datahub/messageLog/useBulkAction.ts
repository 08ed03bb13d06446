import { useCallback, useState } from 'react'
import { messageBulk, type MessageFilter } from '../../../../shared/contract/datahub/runtime'
import type { BulkAction } from '../../../../shared/rules/datahub/runtime'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import type { ConfirmRequest } from '../../../components/useConfirm'
import { i18n } from '../../../i18n'

/**
 * "Retry / discard all matching": the hub first counts what the action would change (dry run),
 * the operator confirms that number, then the same filter is applied. Nothing to change: said
 * so, no confirmation.
 */
export function useBulkAction(confirm: (r: ConfirmRequest) => Promise<boolean>, onDone: () => void) {
  const [busy, setBusy] = useState(false)
  const run = useCallback(
    async (action: BulkAction, filter: MessageFilter) => {
      setBusy(true)
      try {
        const counted = await callHub(messageBulk, { action, dryRun: true, filter })
        if (!counted.ok) return
        if (counted.data.count === 0) {
          showToast({ intent: 'info', message: i18n.t('runtime:bulk_none') })
          return
        }
        const yes = await confirm({
          title: i18n.t(`runtime:${action}_all`),
          message: i18n.t(`runtime:${action}_all_confirm`, { count: counted.data.count }),
          confirmLabel: i18n.t(`runtime:${action}_all_ok`, { count: counted.data.count }),
        })
        if (!yes) return
        const applied = await callHub(messageBulk, { action, dryRun: false, filter })
        if (!applied.ok) return
        showToast({ intent: 'success', message: i18n.t(action === 'retry' ? 'runtime:retried' : 'runtime:discarded', { count: applied.data.count }) })
        onDone()
      } finally {
        setBusy(false)
      }
    },
    [confirm, onDone],
  )
  return { run, busy }
}
