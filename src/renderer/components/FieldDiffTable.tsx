import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, makeStyles, mergeClasses, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import type { FieldDiff } from '../../shared/rules/fieldDiff'

const useStyles = makeStyles({
  changed: { backgroundColor: tokens.colorPaletteYellowBackground1 },
  value: { whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, verticalAlign: 'top' },
  field: { verticalAlign: 'top', width: '200px' },
  scroll: { maxHeight: '60vh', overflowY: 'auto' },
})

export interface FieldDiffTableProps {
  diff: readonly (FieldDiff & { secret?: boolean | undefined })[]
  /** The table's accessible name. */
  label: string
  olderLabel: string
  newerLabel: string
  /** Shown in both columns of a secret field instead of its values (which the hub never sends). */
  secretText?: string
  /** A field's label in the editor's words; without one (or where it gives none) the field's name. */
  labelOf?: (field: string) => string | undefined
  /** Start with only the changed fields: a reviewer reads the change, not the whole record. */
  changedOnly?: boolean
}

/**
 * Two versions of a record side by side (older left), changed fields highlighted and labelled
 * (not by colour alone): the version history's comparison, and a promotion plan's change.
 */
export function FieldDiffTable({ diff, label, olderLabel, newerLabel, secretText, labelOf, changedOnly = false }: FieldDiffTableProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [onlyChanged, setOnlyChanged] = useState(changedOnly)
  const shown = onlyChanged ? diff.filter((d) => d.changed) : diff
  return (
    <>
      <Switch label={t('version:only_changed')} checked={onlyChanged} onChange={(_, d) => setOnlyChanged(d.checked)} />
      <div className={styles.scroll}>
        <Table size="small" aria-label={label}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.field}>{t('version:col_field')}</TableHeaderCell>
              <TableHeaderCell>{olderLabel}</TableHeaderCell>
              <TableHeaderCell>{newerLabel}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((d) => (
              <TableRow key={d.field} className={mergeClasses(d.changed && styles.changed)} data-changed={d.changed || undefined}>
                <TableCell className={styles.field} title={d.field}>
                  {labelOf?.(d.field) ?? d.field} {d.changed && <Badge appearance="tint" color="warning" size="small">{t('version:changed')}</Badge>}
                </TableCell>
                <TableCell className={styles.value}>{d.secret ? secretText : d.older}</TableCell>
                <TableCell className={styles.value}>{d.secret ? secretText : d.newer}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  )
}
