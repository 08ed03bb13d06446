import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Badge,
  Button,
  Checkbox,
  makeStyles,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components'
import { ArrowClockwiseRegular, ArrowRepeatAllRegular, DismissCircleRegular, SendRegular } from '@fluentui/react-icons'
import type { DeliveryEntry } from '../../../../shared/contract/datahub/runtime'
import { BULK_ACTION_FROM } from '../../../../shared/rules/datahub/runtime'
import { formatDateTime } from '../../../components/formatDateTime'
import { ToolDialog } from '../../../components/ToolDialog'
import { useConfirm } from '../../../components/useConfirm'
import { MessageFacts } from './MessageFacts'
import { shownStatus, STATUS_COLOR, statusKey } from './statusLabels'
import { useDeliveryMatrix } from './useDeliveryMatrix'

const useStyles = makeStyles({
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  muted: { color: tokens.colorNeutralForeground3 },
  pick: { width: '40px' },
})

const canRetry = (d: DeliveryEntry) => BULK_ACTION_FROM.retry.includes(d.status)
const canDiscard = (d: DeliveryEntry) => BULK_ACTION_FROM.discard.includes(d.status)

/**
 * The delivery matrix of one message: its state at every consumer (tries, last error, timing),
 * replay to one consumer, retry or discard the ticked deliveries.
 */
export function DeliveryMatrixDialog({ messageId, onClose, onChanged }: { messageId: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const m = useDeliveryMatrix(messageId, onChanged)
  const { confirm, dialog } = useConfirm()
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
  const pickedRows = m.deliveries.filter((d) => picked.has(d.id))
  const toggle = (id: string, on: boolean) =>
    setPicked((p) => {
      const next = new Set(p)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const act = async (kind: 'retry' | 'discard') => {
    const ids = pickedRows.filter(kind === 'retry' ? canRetry : canDiscard).map((d) => d.id)
    const yes = await confirm({ title: t(`runtime:${kind}_selected`), message: t(`runtime:${kind}_selected_confirm`, { count: ids.length }) })
    if (!yes) return
    await (kind === 'retry' ? m.retry(ids) : m.discard(ids))
    setPicked(new Set())
  }
  const replay = async (consumerId: string, name: string) => {
    if (await confirm({ title: t('runtime:replay'), message: t('runtime:replay_confirm', { name }) })) await m.replay(consumerId)
  }

  return (
    // The confirmation is nested in the surface: Fluent then treats it as a child dialog and gives
    // the matrix back to assistive technology when it closes.
    <ToolDialog title={t('runtime:matrix_title')} size="full" onClose={onClose} nested={dialog}>
      {m.message && <MessageFacts message={m.message} />}
      <div className={styles.toolbar}>
        <Button icon={<ArrowRepeatAllRegular />} disabled={m.busy || !pickedRows.some(canRetry)} onClick={() => void act('retry')}>
          {t('runtime:retry_selected')}
        </Button>
        <Button icon={<DismissCircleRegular />} disabled={m.busy || !pickedRows.some(canDiscard)} onClick={() => void act('discard')}>
          {t('runtime:discard_selected')}
        </Button>
        <Button appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={m.reload}>
          {t('common:refresh')}
        </Button>
        {(m.loading || m.busy) && <Spinner size="tiny" aria-label={t('widgets:loading')} />}
      </div>
      <Table size="small" aria-label={t('runtime:matrix_label')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.pick}>{t('runtime:col_pick')}</TableHeaderCell>
            <TableHeaderCell>{t('runtime:col_consumer')}</TableHeaderCell>
            <TableHeaderCell>{t('runtime:col_consume_type')}</TableHeaderCell>
            <TableHeaderCell>{t('runtime:col_status')}</TableHeaderCell>
            <TableHeaderCell>{t('runtime:col_attempts')}</TableHeaderCell>
            <TableHeaderCell>{t('runtime:col_time')}</TableHeaderCell>
            <TableHeaderCell>{t('runtime:col_last_error')}</TableHeaderCell>
            <TableHeaderCell>{t('runtime:col_actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {m.deliveries.map((d) => {
            const name = d.applicationName || d.consumerId
            const shown = shownStatus(d.status, d.attempts)
            return (
              <TableRow key={d.id} aria-label={name}>
                <TableCell>
                  <Checkbox aria-label={t('runtime:pick', { name })} checked={picked.has(d.id)} onChange={(_, c) => toggle(d.id, c.checked === true)} />
                </TableCell>
                <TableCell>{name}</TableCell>
                <TableCell>{d.dataConsumeType}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={STATUS_COLOR[d.status]}>
                    {t(statusKey(shown))}
                  </Badge>
                </TableCell>
                <TableCell>{d.attempts}</TableCell>
                <TableCell>
                  {d.status === 'pending'
                    ? t('runtime:next_attempt', { time: formatDateTime(d.nextAttemptAt) })
                    : d.finishedAt
                      ? t('runtime:finished', { time: formatDateTime(d.finishedAt), ms: d.durationMs ?? 0 })
                      : ''}
                </TableCell>
                <TableCell className={styles.error}>{d.lastError}</TableCell>
                <TableCell>
                  <Button size="small" icon={<SendRegular />} disabled={m.busy || d.status === 'delivering' || !m.message?.payloadKept} onClick={() => void replay(d.consumerId, name)}>
                    {t('runtime:replay')}
                  </Button>
                </TableCell>
              </TableRow>
            )
          })}
          {m.missing.map((c) => (
            <TableRow key={c.consumerId} aria-label={c.name}>
              <TableCell />
              <TableCell>{c.name}</TableCell>
              <TableCell />
              <TableCell>
                <Text className={styles.muted}>{t('runtime:not_routed')}</Text>
              </TableCell>
              <TableCell />
              <TableCell />
              <TableCell />
              <TableCell>
                <Button size="small" icon={<SendRegular />} disabled={m.busy || !m.message?.payloadKept} onClick={() => void replay(c.consumerId, c.name)}>
                  {t('runtime:replay')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ToolDialog>
  )
}
