import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Input, makeStyles, tokens } from '@fluentui/react-components'
import { DeleteRegular } from '@fluentui/react-icons'
import { useViewOnly } from '../viewOnly'
import { changeRow, removeRow, rowsForDisplay, type ApiRow } from './apiModel'

const useStyles = makeStyles({
  table: { width: '100%', borderCollapse: 'collapse' },
  cell: { padding: tokens.spacingVerticalXXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, textAlign: 'left' },
  narrow: { width: '40px' },
  input: { width: '100%' },
})

export interface ApiRowsTableProps {
  /** What the rows are (params, headers, form data…), for screen readers. */
  label: string
  rows: readonly ApiRow[] | undefined
  onChange: (rows: ApiRow[]) => void
  disabled?: boolean
}

/**
 * Key / value / description rows with a checkbox each (spec: only checked rows are submitted)
 * and always one blank row at the end to type the next one into.
 */
export function ApiRowsTable({ label, rows, onChange, disabled }: ApiRowsTableProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const locked = useViewOnly() || disabled
  const shown = rowsForDisplay(rows)
  return (
    <table className={styles.table} aria-label={label}>
      <thead>
        <tr>
          <th className={`${styles.cell} ${styles.narrow}`}>{t('widgets:api_row_checked')}</th>
          <th className={styles.cell}>{t('widgets:api_row_key')}</th>
          <th className={styles.cell}>{t('widgets:api_row_value')}</th>
          <th className={styles.cell}>{t('widgets:api_row_description')}</th>
          <th className={`${styles.cell} ${styles.narrow}`} />
        </tr>
      </thead>
      <tbody>
        {shown.map((row, i) => {
          const last = i === shown.length - 1
          const n = i + 1
          return (
            <tr key={i}>
              <td className={styles.cell}>
                <Checkbox
                  checked={row.checked}
                  disabled={locked || last}
                  aria-label={t('widgets:api_row_checked_n', { n })}
                  onChange={(_, d) => onChange(changeRow(rows, i, { checked: d.checked === true }))}
                />
              </td>
              <td className={styles.cell}>
                <Input className={styles.input} value={row.key} disabled={locked} aria-label={t('widgets:api_row_key_n', { n })} onChange={(_, d) => onChange(changeRow(rows, i, { key: d.value }))} />
              </td>
              <td className={styles.cell}>
                <Input className={styles.input} value={row.value} disabled={locked} aria-label={t('widgets:api_row_value_n', { n })} onChange={(_, d) => onChange(changeRow(rows, i, { value: d.value }))} />
              </td>
              <td className={styles.cell}>
                <Input
                  className={styles.input}
                  value={row.description}
                  disabled={locked}
                  aria-label={t('widgets:api_row_description_n', { n })}
                  onChange={(_, d) => onChange(changeRow(rows, i, { description: d.value }))}
                />
              </td>
              <td className={styles.cell}>
                {!last && (
                  <Button appearance="subtle" icon={<DeleteRegular />} disabled={locked} aria-label={t('widgets:api_row_delete_n', { n })} onClick={() => onChange(removeRow(rows, i))} />
                )}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
