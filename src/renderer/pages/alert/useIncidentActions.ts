import { useCallback, useState } from 'react'
import * as contract from '../../../shared/contract/alarms/incidents'
import { callHub } from '../../api/hub'
import { invalidate } from '../../api/query'
import { showToast } from '../../api/signals'
import type { ConfirmRequest } from '../../components/useConfirm'
import { i18n } from '../../i18n'

export type IncidentAction = 'acknowledge' | 'resolve'
const ENDPOINT = { acknowledge: contract.incidentAcknowledge, resolve: contract.incidentResolve } as const

/**
 * Acknowledge ("I have seen it": alarms keep counting) or resolve (closed by hand, no recovery
 * notice; the next failure opens a new incident) incidents; resolving asks first. The list and
 * the bell read the incidents: both ask again after a change.
 */
export function useIncidentActions(confirm: (r: ConfirmRequest) => Promise<boolean>) {
  const [busy, setBusy] = useState(false)
  const run = useCallback(
    async (action: IncidentAction, ids: readonly string[]): Promise<boolean> => {
      if (ids.length === 0) return false
      const t = i18n.t.bind(i18n)
      if (action === 'resolve' && !(await confirm({ title: t('alarms:incident_resolve'), message: t('alarms:resolve_confirm', { count: ids.length }) }))) return false
      setBusy(true)
      try {
        const r = await callHub(ENDPOINT[action], { ids: [...ids] })
        if (!r.ok) return false
        showToast({ intent: 'success', message: t(`alarms:${action}_done`, { count: r.data.count }) })
        invalidate(contract.incidentList)
        return true
      } finally {
        setBusy(false)
      }
    },
    [confirm],
  )
  return { run, busy }
}
