import { useTranslation } from 'react-i18next'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components'
import type { VersionType } from '../../../../shared/contract/platform/versionBacktrack'
import { VersionHistory } from './VersionHistory'

const useStyles = makeStyles({ surface: { width: '88vw', maxWidth: '88vw' } })

/** The "history" panel of a topic, producer or consumer box. */
export function VersionHistoryDialog({ typeCode, typeId, name, onClose }: { typeCode: VersionType; typeId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('version:panel_title', { name })}</DialogTitle>
          <DialogContent>
            <VersionHistory filter={{ typeCode, typeId }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('widgets:back')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
