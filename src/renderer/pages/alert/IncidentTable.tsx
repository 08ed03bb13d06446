import { useEffect, useRef, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Checkbox, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import { CheckmarkCircleRegular, EyeRegular } from '@fluentui/react-icons'
import type { Incident } from '../../../shared/contract/alarms/incidents'
import { formatDateTime } from '../../components/formatDateTime'
import { CellText } from '../../components/table/CellText'
import { RowActions } from '../../components/table/RowActions'
import { COLUMN_MIN_WIDTH, minWidthStyle, useTableLayoutStyles } from '../../components/table/tableLayout'
import type { IncidentAction } from './useIncidentActions'
import { groupThousands } from '../../../../locales/placeholders'

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1, fontSize: tokens.fontSizeBase200 },
  pick: { width: '32px' },
  focused: { backgroundColor: tokens.colorNeutralBackground1Selected },
})

export const INCIDENT_ACTION_ICON: Record<IncidentAction, ReactElement> = { acknowledge: <EyeRegular />, resolve: <CheckmarkCircleRegular /> }

/** What a row offers: an open incident can be acknowledged (once) and resolved. */
const actionsOf = (i: Incident): IncidentAction[] => (i.state !== 'open' ? [] : i.acknowledgedAt ? ['resolve'] : ['acknowledge', 'resolve'])

/**
 * The alert centre's table: object, rule, state, first and last seen, count, who acknowledged,
 * last error; an incident whose alarm reached no channel says so. `focused` (a desktop notification's incident) is marked and scrolled into view.
 */
export function IncidentTable({
  rows,
  picked,
  onPick,
  onAction,
  focused,
}: {
  rows: readonly Incident[]
  picked: ReadonlySet<string>
  onPick: (ids: readonly string[], on: boolean) => void
  onAction: (action: IncidentAction, i: Incident) => void
  focused?: string | null
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const focusedRow = useRef<HTMLTableRowElement>(null)
  const shown = rows.some((r) => r.id === focused)
  useEffect(() => {
    // jsdom has no scrolling: the call is guarded, the mark is what tests see.
    if (shown) focusedRow.current?.scrollIntoView?.({ block: 'center' })
  }, [shown])
  const layout = useTableLayoutStyles()
  const open = rows.filter((r) => r.state === 'open')
  const all = open.length > 0 && open.every((r) => picked.has(r.id))
  const some = open.some((r) => picked.has(r.id))
  return (
    <Table size="small" className={layout.table} aria-label={t('alarms:incident_table')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell className={styles.pick}>
            <Checkbox aria-label={t('alarms:pick_page')} disabled={open.length === 0} checked={all ? true : some ? 'mixed' : false} onChange={(_, d) => onPick(open.map((r) => r.id), d.checked === true)} />
          </TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.wide)}>{t('alarms:col_object')}</TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.wide)}>{t('alarms:col_rule')}</TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.label)}>{t('alarms:col_state')}</TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.date)}>{t('alarms:col_seen')}</TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.number)}>{t('alarms:col_count')}</TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.text)}>{t('alarms:col_acknowledged')}</TableHeaderCell>
          <TableHeaderCell style={minWidthStyle(COLUMN_MIN_WIDTH.wide)}>{t('alarms:col_last_error')}</TableHeaderCell>
          <TableHeaderCell className={layout.actions}>{t('alarms:col_actions')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((i) => (
          <TableRow key={i.id} ref={i.id === focused ? focusedRow : undefined} aria-current={i.id === focused ? 'true' : undefined} className={i.id === focused ? styles.focused : undefined}>
            <TableCell>
              {i.state === 'open' && <Checkbox aria-label={t('alarms:pick_one', { title: i.objectName })} checked={picked.has(i.id)} onChange={(_, d) => onPick([i.id], d.checked === true)} />}
            </TableCell>
            <TableCell className={layout.cell}>
              <div className={styles.stack}>
                <CellText>{i.objectName || i.objectId}</CellText>
                <Text className={styles.muted}>{i.topicCode ? t('alarms:object_of_topic', { type: t(`alarms:object_${i.objectType}`), topic: i.topicCode }) : t('alarms:object_alone', { type: t(`alarms:object_${i.objectType}`) })}</Text>
              </div>
            </TableCell>
            <TableCell className={layout.cell}>
              <CellText>{t(`alarms:rule_${i.rule}`)}</CellText>
            </TableCell>
            <TableCell>
              <div className={styles.stack}>
                <Badge appearance="tint" color={i.state === 'open' ? 'danger' : 'success'} size="small">
                  {t(`alarms:incident_${i.state}`)}
                </Badge>
                {/* An alarm that reached no channel must not pass for one that was sent. */}
                {i.alarmChannels === 0 && <Text className={styles.warning}>{t('alarms:not_sent')}</Text>}
              </div>
            </TableCell>
            <TableCell>
              <div className={styles.stack}>
                <Text>{t('alarms:first_seen', { time: formatDateTime(i.openedAt) })}</Text>
                <Text className={styles.muted}>{t('alarms:last_seen', { time: formatDateTime(i.lastSeenAt) })}</Text>
              </div>
            </TableCell>
            <TableCell>{groupThousands(i.count)}</TableCell>
            <TableCell className={layout.cell}>
              {i.acknowledgedAt ? (
                <div className={styles.stack}>
                  <CellText>{i.acknowledgedBy}</CellText>
                  <Text className={styles.muted}>{formatDateTime(i.acknowledgedAt)}</Text>
                </div>
              ) : (
                <Text className={styles.muted}>{t('alarms:not_acknowledged')}</Text>
              )}
            </TableCell>
            <TableCell className={layout.cell}>
              <CellText>{i.state === 'resolved' ? t(i.resolvedBy ? 'alarms:resolved_by' : 'alarms:recovered', { name: i.resolvedBy, time: formatDateTime(i.resolvedAt ?? '') }) : i.lastError}</CellText>
            </TableCell>
            <TableCell className={layout.actions}>
              <RowActions name={i.objectName} items={actionsOf(i).map((a) => ({ key: a, label: t(`alarms:incident_${a}`), icon: INCIDENT_ACTION_ICON[a], onClick: () => onAction(a, i) }))} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
