import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { Button, makeStyles, Spinner, Tag, TagGroup, Text, tokens } from '@fluentui/react-components'
import { ArrowClockwiseRegular, ArrowRepeatAllRegular, DismissCircleRegular } from '@fluentui/react-icons'
import { PaginationBar } from '../../../components/pagination/PaginationBar'
import { useConfirm } from '../../../components/useConfirm'
import type { PageProps } from '../../pageTypes'
import { DeliveryMatrixDialog } from './DeliveryMatrixDialog'
import { MessageLogSearch } from './MessageLogSearch'
import { filterOf, queryFromLink } from './messageQuery'
import { MessageTable } from './MessageTable'
import { useBulkAction } from './useBulkAction'
import { useMessageLog } from './useMessageLog'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
})

/**
 * The message log (menu 'datahub.messageLog', component MessageLogList; a flow row links here
 * with ?topicCode=, a run history with ?runId=, shown as a removable filter): search, the
 * messages with their delivery counts, the delivery matrix of one, and retry / discard of all
 * that the search matches.
 */
export default function MessageLogPage(_: PageProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [params] = useSearchParams()
  // Read once: the form owns the criteria afterwards.
  const initial = useMemo(() => queryFromLink(params), [])
  const [open, setOpen] = useState<string | null>(null)
  const log = useMessageLog(initial, params.get('runId') ?? '', open !== null)
  const { confirm, dialog } = useConfirm()
  const bulk = useBulkAction(confirm, log.reload)
  // The actions act on what was searched, not on a half-edited form.
  const filter = filterOf(log.query, log.runId)
  const busy = log.loading || bulk.busy

  return (
    <div className={styles.root}>
      <MessageLogSearch initial={initial} onSearch={log.search} onReset={(q) => log.search(q, { clearRun: true })} busy={busy} />
      {log.runId && (
        <TagGroup aria-label={t('runs:filters_label')} onDismiss={log.clearRun}>
          <Tag value="run" dismissible dismissIcon={{ 'aria-label': t('runs:remove_run_filter') }}>
            {t('runs:run_filter', { id: log.runId })}
          </Tag>
        </TagGroup>
      )}
      <div className={styles.toolbar}>
        <Button icon={<ArrowRepeatAllRegular />} disabled={busy} onClick={() => void bulk.run('retry', filter)}>
          {t('runtime:retry_all')}
        </Button>
        <Button icon={<DismissCircleRegular />} disabled={busy} onClick={() => void bulk.run('discard', filter)}>
          {t('runtime:discard_all')}
        </Button>
        <Button icon={<ArrowClockwiseRegular />} onClick={log.reload}>
          {t('common:refresh')}
        </Button>
        {busy && <Spinner size="tiny" aria-label={t('widgets:loading')} />}
      </div>
      <MessageTable rows={log.rows} onOpen={(m) => setOpen(m.id)} />
      {!log.loading && log.rows.length === 0 && <Text className={styles.muted}>{t('widgets:empty')}</Text>}
      <PaginationBar total={log.total} pageNum={log.page.pageNum} pageSize={log.page.pageSize} onChange={log.setPage} disabled={log.loading} />
      {open && (
        <DeliveryMatrixDialog
          messageId={open}
          // The matrix may have seen deliveries move on (its own refresh): the list catches up on close.
          onClose={() => {
            setOpen(null)
            log.reload()
          }}
          onChanged={log.reload}
        />
      )}
      {dialog}
    </div>
  )
}
