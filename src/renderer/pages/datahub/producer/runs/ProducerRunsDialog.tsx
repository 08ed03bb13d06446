import { useTranslation } from 'react-i18next'
import { ToolDialog } from '../../../../components/ToolDialog'
import { ProducerRunsPanel } from './ProducerRunsPanel'

/** The run history of a flow row's producer (its box's "runs" action). */
export function ProducerRunsDialog({ producerId, name, onClose }: { producerId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <ToolDialog title={t('runs:dialog_title', { name })} size="full" onClose={onClose}>
      <ProducerRunsPanel producerId={producerId} />
    </ToolDialog>
  )
}
