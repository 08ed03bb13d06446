import { useTranslation } from 'react-i18next'
import { Input, makeStyles, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  table: { width: '100%', borderCollapse: 'collapse' },
  cell: { padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, textAlign: 'left' },
  head: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightSemibold },
  full: { width: '100%' },
})

export interface WsdlParameterRow {
  name: string
  second: string
}

interface Props {
  label: string
  rows: readonly WsdlParameterRow[]
  /** Heading of the second column: the type (read-only) or the value (typed by the user). */
  secondLabel: string
  /** When set, the second column is an input (header values). */
  onValueChange?: ((index: number, value: string) => void) | undefined
  disabled?: boolean
}

/** The chosen operation's parameters (name, type) or SOAP header parameters (name, value). */
export function WsdlParameterTable({ label, rows, secondLabel, onValueChange, disabled }: Props) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <table className={styles.table} aria-label={label}>
      <thead>
        <tr>
          <th className={`${styles.cell} ${styles.head}`}>{t('wsdl:param_name')}</th>
          <th className={`${styles.cell} ${styles.head}`}>{secondLabel}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${r.name}-${i}`}>
            <td className={styles.cell}>{r.name}</td>
            <td className={styles.cell}>
              {onValueChange ? (
                <Input className={styles.full} size="small" value={r.second} disabled={disabled} aria-label={`${r.name} ${secondLabel}`} onChange={(_, d) => onValueChange(i, d.value)} />
              ) : (
                r.second
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
