import { useTranslation } from 'react-i18next'
import { Badge, Link, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import type { MessageSummary } from '../../../../shared/contract/datahub/runtime'
import { formatDateTime } from '../../../components/formatDateTime'
import { STATUS_COLOR, statusKey } from './statusLabels'

const useStyles = makeStyles({
  counts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  id: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
})

/** States shown as counts in a row, in the order a delivery goes through them. */
const SHOWN = ['pending', 'delivering', 'delivered', 'dead', 'failed'] as const

/** The message log's table: one row per message; its id opens the delivery matrix. */
export function MessageTable({ rows, onOpen }: { rows: readonly MessageSummary[]; onOpen: (m: MessageSummary) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <Table size="small" aria-label={t('runtime:table_label')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('runtime:col_id')}</TableHeaderCell>
          <TableHeaderCell>{t('runtime:col_topic')}</TableHeaderCell>
          <TableHeaderCell>{t('runtime:col_received')}</TableHeaderCell>
          <TableHeaderCell>{t('runtime:col_routing_key')}</TableHeaderCell>
          <TableHeaderCell>{t('runtime:col_deliveries')}</TableHeaderCell>
          <TableHeaderCell>{t('runtime:col_payload')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((m) => (
          <TableRow key={m.id}>
            <TableCell>
              <Link className={styles.id} onClick={() => onOpen(m)} aria-label={t('runtime:open_matrix', { id: m.id })}>
                {m.id}
              </Link>
            </TableCell>
            <TableCell>{m.topicCode}</TableCell>
            <TableCell>{formatDateTime(m.receivedAt)}</TableCell>
            <TableCell>{m.routingKey}</TableCell>
            <TableCell>
              <div className={styles.counts}>
                {SHOWN.filter((s) => m.counts[s] > 0).map((s) => (
                  <Badge key={s} appearance="tint" color={STATUS_COLOR[s]} size="small">
                    {t('runtime:count_badge', { status: t(statusKey(s)), count: m.counts[s] })}
                  </Badge>
                ))}
                {SHOWN.every((s) => m.counts[s] === 0) && <Text className={styles.muted}>{t('runtime:no_deliveries')}</Text>}
              </div>
            </TableCell>
            <TableCell>{m.payloadKept ? t('runtime:payload_kept') : <Text className={styles.muted}>{t('runtime:payload_purged')}</Text>}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
