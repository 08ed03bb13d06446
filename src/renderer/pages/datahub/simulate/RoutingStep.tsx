import { useTranslation } from 'react-i18next'
import { Badge, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import type { Simulation } from '../../../../shared/contract/datahub/simulate'
import { StepErrorBar, StepSection } from './StepSection'

const useStyles = makeStyles({
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** Routing: each route row with the keys it gave (or its error in place), then which consumers the keys reach. */
export function RoutingStep({ routing, topicCode }: { routing: Simulation['routing']; topicCode: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const keys = routing.keys.length > 0 ? routing.keys.join(', ') : t('simulate:keys_none')
  return (
    <StepSection title={t('simulate:step_routing')} step={routing}>
      {routing.status !== 'skipped' && <Text>{routing.byKey ? t('simulate:routing_keys', { keys }) : t('simulate:routing_all', { key: topicCode })}</Text>}
      {routing.rows.length > 0 && (
        <Table size="small" aria-label={t('simulate:step_routing')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('simulate:col_syntax')}</TableHeaderCell>
              <TableHeaderCell>{t('simulate:col_expression')}</TableHeaderCell>
              <TableHeaderCell>{t('simulate:col_routing_key')}</TableHeaderCell>
              <TableHeaderCell>{t('simulate:col_keys')}</TableHeaderCell>
              <TableHeaderCell>{t('simulate:col_outcome')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {routing.rows.map((row, i) => (
              <TableRow key={i} data-step-status={row.status}>
                <TableCell>{row.syntax}</TableCell>
                <TableCell className={styles.mono}>{row.expression}</TableCell>
                <TableCell>{row.routingKey}</TableCell>
                <TableCell>{row.keys.length > 0 ? row.keys.join(', ') : <span className={styles.muted}>{t('simulate:keys_none')}</span>}</TableCell>
                <TableCell>
                  {row.error ? <StepErrorBar error={row.error} /> : row.notes.map((n) => <Text key={n} block className={styles.muted}>{t(`simulate:note_${n}`)}</Text>)}
                  {!row.error && row.notes.length === 0 && t('simulate:status_ok')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {routing.consumers.length > 0 && (
        <Table size="small" aria-label={t('simulate:col_consumer')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('simulate:col_consumer')}</TableHeaderCell>
              <TableHeaderCell>{t('simulate:col_type')}</TableHeaderCell>
              <TableHeaderCell>{t('simulate:col_routing_key')}</TableHeaderCell>
              <TableHeaderCell>{t('simulate:col_reached')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {routing.consumers.map((c) => (
              <TableRow key={c.consumerId} data-reached={c.reached}>
                <TableCell>{c.applicationName || c.consumerId}</TableCell>
                <TableCell>{c.dataConsumeType}</TableCell>
                <TableCell>{c.routingKey}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={c.reached ? 'success' : 'subtle'}>
                    {c.reached ? t('simulate:reached_yes') : c.enabled ? t('simulate:reached_no') : t('simulate:consumer_disabled')}
                  </Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </StepSection>
  )
}
