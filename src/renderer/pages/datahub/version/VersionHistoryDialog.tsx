import { useTranslation } from 'react-i18next'
import type { VersionType } from '../../../../shared/contract/platform/versionBacktrack'
import { ToolDialog } from '../../../components/ToolDialog'
import { VersionHistory } from './VersionHistory'

/** The "history" panel of a topic, producer or consumer box. */
export function VersionHistoryDialog({ typeCode, typeId, name, onClose }: { typeCode: VersionType; typeId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <ToolDialog title={t('version:panel_title', { name })} size="full" onClose={onClose}>
      <VersionHistory filter={{ typeCode, typeId }} />
    </ToolDialog>
  )
}
