import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@fluentui/react-components'
import { ArrowSyncRegular } from '@fluentui/react-icons'
import { refreshRoute } from '../../../../shared/contract/platform/apps/gateways'
import { GATEWAY_PERMISSION } from '../../../../shared/contract/platform/apps/permissions'
import { useCan } from '../../../admin/usePermission'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'

/** Spec: GET /refreshRoute — the hub reloads its live route table; the toast says how many routes are live. */
export function RefreshRoutesButton() {
  const { t } = useTranslation()
  const can = useCan()
  const [busy, setBusy] = useState(false)
  if (!can(GATEWAY_PERMISSION)) return null
  async function refresh() {
    setBusy(true)
    const r = await callHub(refreshRoute, {})
    setBusy(false)
    if (r.ok) showToast({ intent: 'success', message: t('apps:refresh_routes_done', { count: r.data.count }) })
  }
  return (
    <div>
      <Button icon={<ArrowSyncRegular />} disabled={busy} onClick={() => void refresh()}>
        {t('apps:refresh_routes')}
      </Button>
    </div>
  )
}
