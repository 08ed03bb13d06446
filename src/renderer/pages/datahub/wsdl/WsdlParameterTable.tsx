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
  type?: string | undefined
  value?: string | undefined
}

interface Props {
  label: string
  rows: readonly WsdlParameterRow[]
  /** An operation's parameters show their type (read-only); SOAP header parameters have none. */
  withType?: boolean
  /** When set, a value column the user types in (SOAP header values, a producer's parameter values). */
  onValueChange?: ((index: number, value: string) => void) | undefined
  disabled?: boolean
}

/** The chosen operation's parameters (name, type, and for a producer the value) or SOAP header parameters (name, value). */
export function WsdlParameterTable({ label, rows, withType = false, onValueChange, disabled }: Props) {
  const { t } = useTranslation()
  const styles = useStyles()
  const head = `${styles.cell} ${styles.head}`
  return (
    <table className={styles.table} aria-label={label}>
      <thead>
        <tr>
          <th className={head}>{t('wsdl:param_name')}</th>
          {withType && <th className={head}>{t('wsdl:param_type')}</th>}
          {onValueChange && <th className={head}>{t('wsdl:param_value')}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${r.name}-${i}`}>
            <td className={styles.cell}>{r.name}</td>
            {withType && <td className={styles.cell}>{r.type ?? ''}</td>}
            {onValueChange && (
              <td className={styles.cell}>
                <Input
                  className={styles.full}
                  size="small"
                  value={r.value ?? ''}
                  disabled={disabled}
                  aria-label={`${r.name} ${t('wsdl:param_value')}`}
                  onChange={(_, d) => onValueChange(i, d.value)}
                />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
