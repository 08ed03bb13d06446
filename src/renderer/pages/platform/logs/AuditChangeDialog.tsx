import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { DocumentSearchRegular } from '@fluentui/react-icons'
import type { AuditEntry } from '../../../../shared/contract/platform/logs'
import { formatDateTime } from '../../../components/formatDateTime'
import { ToolDialog } from '../../../components/ToolDialog'
import { SnapshotCompare } from '../../datahub/version/SnapshotCompare'

const useStyles = makeStyles({
  meta: { display: 'block', color: tokens.colorNeutralForeground3 },
})

/** The change of one audit entry: its before and after side by side, as the version history compares two versions. */
export function AuditChangeDialog({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const name = entry.objectName || entry.objectId || entry.objectType
  return (
    <ToolDialog title={t('logs:change_title', { name })} size="full" onClose={onClose}>
      <Text className={styles.meta}>
        {t('logs:change_meta', { user: entry.username, time: formatDateTime(entry.time), action: entry.action, address: entry.address })}
      </Text>
      <SnapshotCompare older={entry.before} newer={entry.after} olderLabel={t('logs:before')} newerLabel={t('logs:after')} />
    </ToolDialog>
  )
}

/** The audit list's "change" cell: opens the entry's before and after when it has either. */
export function AuditChangeCell({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  if (entry.before === null && entry.after === null) return null
  return (
    <>
      <Button size="small" appearance="subtle" icon={<DocumentSearchRegular />} aria-label={t('logs:view_change_of', { name: entry.objectName || entry.objectId })} onClick={() => setOpen(true)}>
        {t('logs:view_change')}
      </Button>
      {open && <AuditChangeDialog entry={entry} onClose={() => setOpen(false)} />}
    </>
  )
}
