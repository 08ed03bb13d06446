import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { ResultCode, type HubResult } from '../../shared/envelope'
import { showToast } from '../api/signals'

/**
 * Export of a list as it is filtered: the main process downloads the workbook and saves it where
 * the native save dialog says; the outcome is a toast (nothing when the user cancelled).
 */
export function FilteredExportButton({ run }: { run: () => Promise<HubResult<unknown>> }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const exportFile = async () => {
    setBusy(true)
    const r = await run()
    setBusy(false)
    if (r.ok) showToast({ intent: 'success', message: r.message })
    else if (r.code !== ResultCode.cancelled) showToast({ intent: 'error', message: r.message })
  }
  return (
    <Button icon={<ArrowDownloadRegular />} disabled={busy} onClick={() => void exportFile()}>
      {t('admin:export')}
    </Button>
  )
}
