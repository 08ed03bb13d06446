import { useTranslation } from 'react-i18next'
import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import type { DeliveryPreview } from '../../../../shared/contract/datahub/simulate'

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  type: { display: 'block', color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular },
  missing: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  problem: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** The rows a dblink consumer would write: a column per mapping row (its type when read), a cell per value, missing fields and values a column cannot hold marked. */
export function DbLinkRows({ dbLink }: { dbLink: NonNullable<DeliveryPreview['dbLink']> }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const columns = dbLink.rows[0]?.map((c) => c.column) ?? []
  return (
    <>
      <Text>{t('simulate:dblink_target', { table: dbLink.table, source: dbLink.dataSource })}</Text>
      {dbLink.compare.length > 0 && <Text className={styles.muted}>{t('simulate:dblink_compare', { columns: dbLink.compare.join(', ') })}</Text>}
      {dbLink.unmatched.length > 0 && <Text className={styles.muted}>{t('simulate:dblink_unmatched', { fields: dbLink.unmatched.join(', ') })}</Text>}
      {dbLink.rows.length === 0 ? (
        <Text className={styles.muted}>{t('simulate:dblink_no_rows')}</Text>
      ) : (
        <div className={styles.wrap}>
          <Table size="small" aria-label={t('simulate:dblink_target', { table: dbLink.table, source: dbLink.dataSource })}>
            <TableHeader>
              <TableRow>
                {columns.map((c, i) => (
                  <TableHeaderCell key={i}>
                    {c}
                    {dbLink.columnTypes[c] && <span className={styles.type}>{dbLink.columnTypes[c]}</span>}
                  </TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {dbLink.rows.map((row, r) => (
                <TableRow key={r}>
                  {row.map((cell, i) => (
                    <TableCell key={i} title={cell.problem ?? `${cell.source} → ${cell.column} (${cell.kind})`} data-problem={cell.problem !== null} data-found={cell.found}>
                      {!cell.found ? (
                        <span className={styles.missing}>{t('simulate:cell_missing')}</span>
                      ) : (
                        <span className={cell.problem ? styles.problem : undefined}>{cell.value === null ? t('simulate:cell_null') : String(cell.value)}</span>
                      )}
                      {cell.problem && <Text block size={200} className={styles.problem}>{cell.problem}</Text>}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  )
}
