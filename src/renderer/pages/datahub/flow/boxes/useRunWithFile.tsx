import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '@fluentui/react-components'
import { DocumentArrowUpRegular } from '@fluentui/react-icons'
import { ResultCode } from '../../../../../shared/envelope'
import { showToast } from '../../../../api/signals'
import { invokeForResult } from '../../../../bridge/resultChannels'
import type { FlowRowModel } from '../flowRow'
import type { BoxAction } from './FlowBox'

/**
 * "Run with this file…" of an excel producer (issue 14): the main process opens the native open
 * dialog and sends the workbook to the hub, which drops it into the producer's inbox and starts
 * a run. Offered once the producer and its topic are enabled (a run needs both); while the file
 * travels the button spins, then a toast says the run started or why the hub refused.
 * Null for other modes and blank slots.
 */
export function useRunWithFileAction(row: FlowRowModel, running: boolean): BoxAction | null {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const producer = row.producer.data
  if (!producer || producer.productionMode !== 'excel') return null
  const startable = running && row.topic.status === '1'

  const runWithFile = async () => {
    setBusy(true)
    const r = await invokeForResult('producer.runWithFile', { producerId: producer.id })
    setBusy(false)
    if (r.ok) showToast({ intent: 'success', message: t('flow:run_with_file_started') })
    else if (r.code !== ResultCode.cancelled) showToast({ intent: 'error', message: r.message })
  }

  return {
    id: 'runWithFile',
    label: busy ? t('flow:action_run_with_file_busy') : startable ? t('flow:action_run_with_file') : t('flow:action_run_with_file_stopped'),
    icon: busy ? <Spinner size="extra-tiny" /> : <DocumentArrowUpRegular />,
    disabled: busy || !startable,
    onClick: () => void runWithFile(),
  }
}
