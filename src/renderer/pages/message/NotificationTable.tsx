import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Checkbox, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import { ArrowRepeatAllRegular, CheckmarkCircleRegular, DismissCircleRegular, CalendarCancelRegular } from '@fluentui/react-icons'
import type { Notification } from '../../../shared/contract/alarms/notifications'
import type { OutboxAction } from '../../../shared/rules/alarms/outbox'
import { formatDateTime } from '../../components/formatDateTime'
import { CellText } from '../../components/table/CellText'
import { RowActions } from '../../components/table/RowActions'
import { COLUMN_MIN_WIDTH, minWidthStyle, useTableLayoutStyles } from '../../components/table/tableLayout'
import { actionsFor, STATE_COLOR } from './notificationLabels'

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  pick: { width: '32px' },
})

export const ACTION_ICON: Record<OutboxAction, ReactElement> = {
  retry: <ArrowRepeatAllRegular />,
  discard: <DismissCircleRegular />,
  process: <CheckmarkCircleRegular />,
  cancel: <CalendarCancelRegular />,
}


/**
 * The message centre's table: what was sent (title and kind), channel, state (an expired one
 * marked as such: it can no longer be sent), object, tries, times, last error and the row's
 * actions. Rows are picked for the actions on a selection.
 */
export function NotificationTable({ rows, picked, onPick, onAction }: { rows: readonly Notification[]; picked: ReadonlySet<string>; onPick: (ids: readonly string[], on: boolean) => void; onAction: (action: OutboxAction, n: Notification) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const layout = useTableLayoutStyles()
  const all = rows.length > 0 && rows.every((r) => picked.has(r.id))
  const some = rows.some((r) => picked.has(r.id))
  return (
    <Table size="small" className={layout.table} aria-label={t('alarms:notification_table')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell className={styles.pick}>
            <Checkbox aria-label={t('alarms:pick_page')} checked={all ? true : some ? 'mixed' : false} onChange={(_, d) => onPick(rows.map((r) => r.id), d.checked === true)} />
          </TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.wide)}>{t('alarms:col_notice')}</TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.label)}>{t('alarms:col_channel')}</TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.label)}>{t('alarms:col_state')}</TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.text)}>{t('alarms:col_object')}</TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.number)}>{t('alarms:col_attempts')}</TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.date)}>{t('alarms:col_created')}</TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.wide)}>{t('alarms:col_last_error')}</TableHeaderCell>
          <TableHeaderCell className={layout.actions}>{t('alarms:col_actions')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((n) => (
          <TableRow key={n.id}>
            <TableCell>
              <Checkbox aria-label={t('alarms:pick_one', { title: n.title })} checked={picked.has(n.id)} onChange={(_, d) => onPick([n.id], d.checked === true)} />
            </TableCell>
            <TableCell className={layout.cell}>
              <div className={styles.stack}>
                <CellText>{n.title}</CellText>
                <Text className={styles.muted}>{t(`alarms:kind_${n.kind}`, { defaultValue: n.kind })}</Text>
              </div>
            </TableCell>
            <TableCell>{t(`alarms:channel_${n.channel}`, { defaultValue: n.channel })}</TableCell>
            <TableCell>
              <div className={styles.badges}>
                <Badge appearance="tint" color={STATE_COLOR[n.state]} size="small">
                  {t(`alarms:state_${n.state}`)}
                </Badge>
                {n.expired && (
                  <Badge appearance="outline" color="danger" size="small">
                    {t('messages:msg_notification_send_time_expired')}
                  </Badge>
                )}
              </div>
            </TableCell>
            <TableCell className={layout.cell}>
              <div className={styles.stack}>
                <Text>{t(`alarms:object_${n.objectType}`, { defaultValue: n.objectType })}</Text>
                <CellText className={styles.muted}>{n.objectId}</CellText>
              </div>
            </TableCell>
            <TableCell>{n.attempts}</TableCell>
            <TableCell>
              <div className={styles.stack}>
                <Text>{formatDateTime(n.createdAt)}</Text>
                {n.state === 'scheduled' || n.state === 'pending' ? (
                  <Text className={styles.muted}>{t('alarms:next_attempt', { time: formatDateTime(n.nextAttemptAt) })}</Text>
                ) : n.finishedAt ? (
                  <Text className={styles.muted}>{t('alarms:finished', { time: formatDateTime(n.finishedAt) })}</Text>
                ) : null}
              </div>
            </TableCell>
            <TableCell className={layout.cell}>
              <CellText>{n.lastError}</CellText>
            </TableCell>
            <TableCell className={layout.actions}>
              <RowActions name={n.title} items={actionsFor(n).map((a) => ({ key: a, label: t(`alarms:action_${a}`), icon: ACTION_ICON[a], onClick: () => onAction(a, n) }))} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
