import { useTranslation } from 'react-i18next'
import { Button, Input, makeStyles, Select, Text, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import type { PropertyRow } from '../../../../shared/rules/datahub/property'
import { DictionarySelect } from '../../../components/DictionarySelect'
import { useViewOnly } from '../../../components/viewOnly'
import { propertyInput } from './propertyInput'

const useStyles = makeStyles({
  table: { width: '100%', borderCollapse: 'collapse' },
  cell: { padding: tokens.spacingVerticalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, textAlign: 'left', verticalAlign: 'top' },
  action: { width: '48px' },
  error: { color: tokens.colorPaletteRedForeground1, display: 'block' },
  hint: { color: tokens.colorNeutralForeground3, display: 'block' },
  full: { width: '100%' },
})

/** A property row as the editors hold it (the rule's input: source and location may be absent). */
export type PropertyValue = Partial<PropertyRow> & { propsCode: string; propsValue: string }

export interface PropertiesTabProps {
  rows: readonly PropertyValue[] | undefined
  onChange: (rows: PropertyValue[]) => void
  /** Message keys by path inside the list ('0.propsCode'…). */
  errors: Record<string, string | undefined>
  onBlur?: () => void
}

export const blankPropertyRow = (): PropertyValue => ({ propsSource: 'custom', propsCode: '', propsName: '', propsValue: '', propsDesc: '', propsLocation: 'processor' })

/**
 * The properties tab of the producer and consumer editors (spec §2): property code and value in
 * two columns, an add button, delete on custom rows. Builtin rows come with the mode: their code
 * is fixed and their value is edited as their propsValForm says (input, value list, dictionary).
 */
export function PropertiesTab({ rows, onChange, errors, onBlur }: PropertiesTabProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const viewOnly = useViewOnly()
  const list = rows ?? []
  const set = (i: number, change: Partial<PropertyValue>) => onChange(list.map((r, j) => (j === i ? { ...r, ...change } : r)))
  const message = (path: string) => {
    const key = errors[path]
    return key ? (
      <Text size={200} className={styles.error} role="alert">
        {t(`messages:${key}`)}
      </Text>
    ) : null
  }
  return (
    <>
      <table className={styles.table} aria-label={t('widgets:props_table')}>
        <thead>
          <tr>
            <th className={styles.cell}>{t('widgets:props_code')}</th>
            <th className={styles.cell}>{t('widgets:props_value')}</th>
            <th className={`${styles.cell} ${styles.action}`} />
          </tr>
        </thead>
        <tbody>
          {list.length === 0 && (
            <tr>
              <td className={styles.cell} colSpan={3}>
                {t('widgets:empty')}
              </td>
            </tr>
          )}
          {list.map((row, i) => {
            const builtin = row.propsSource === 'builtin'
            const input = propertyInput(row.propsValForm)
            const n = i + 1
            const valueLabel = t('widgets:props_value_n', { n })
            return (
              <tr key={i}>
                <td className={styles.cell}>
                  {builtin ? (
                    <>
                      <Text weight="semibold">{row.propsCode}</Text>
                      {row.propsName && <Text size={200} className={styles.hint}>{row.propsName}</Text>}
                    </>
                  ) : (
                    <Input className={styles.full} value={row.propsCode} disabled={viewOnly} aria-label={t('widgets:props_code_n', { n })} onChange={(_, d) => set(i, { propsCode: d.value })} onBlur={onBlur} />
                  )}
                  {message(`${i}.propsCode`)}
                </td>
                <td className={styles.cell}>
                  {input.kind === 'dictionary' ? (
                    <DictionarySelect dictType={input.dictType} value={row.propsValue} aria-label={valueLabel} onChange={(v) => set(i, { propsValue: v })} onBlur={onBlur} />
                  ) : input.kind === 'values' ? (
                    <Select value={row.propsValue} disabled={viewOnly} aria-label={valueLabel} onChange={(_, d) => set(i, { propsValue: d.value })} onBlur={onBlur}>
                      <option value="" />
                      {input.options.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </Select>
                  ) : (
                    <Input className={styles.full} value={row.propsValue} disabled={viewOnly} aria-label={valueLabel} onChange={(_, d) => set(i, { propsValue: d.value })} onBlur={onBlur} />
                  )}
                  {row.propsDesc && <Text size={200} className={styles.hint}>{row.propsDesc}</Text>}
                  {message(`${i}.propsValue`)}
                </td>
                <td className={styles.cell}>
                  {!builtin && (
                    <Button appearance="subtle" icon={<DeleteRegular />} disabled={viewOnly} aria-label={t('widgets:props_delete_n', { n })} onClick={() => onChange(list.filter((_, j) => j !== i))} />
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <div>
        <Button icon={<AddRegular />} disabled={viewOnly} onClick={() => onChange([...list, blankPropertyRow()])}>
          {t('widgets:props_add')}
        </Button>
      </div>
    </>
  )
}
