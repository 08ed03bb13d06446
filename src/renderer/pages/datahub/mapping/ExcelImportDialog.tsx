import { useTranslation } from 'react-i18next'
import { makeStyles, Text, tokens } from '@fluentui/react-components'
import type { SkippedMappingRow } from '../../../../shared/contract/datahub/mappingFiles'
import type { FieldMappingRow as MappingPair } from '../../../../shared/rules/datahub/mapping'
import { ToolDialog } from '../../../components/ToolDialog'

const useStyles = makeStyles({
  list: {
    margin: 0,
    padding: tokens.spacingHorizontalS,
    listStyleType: 'none',
    maxHeight: '200px',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  pairs: { fontFamily: tokens.fontFamilyMonospace },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** What an Excel upload holds: the rows to import and the rows the hub left out, with why. */
export interface ExcelImportPreview {
  rows: MappingPair[]
  skipped: SkippedMappingRow[]
  /** All rows left out; more than `skipped` lists when there were many. */
  skippedTotal: number
}

/**
 * The Excel import's preview: the rows the workbook gives, 'source --> target' as the JSON parse
 * dialog lists them, and a line for every row left out — a header row, a row with one name
 * empty, a repeated pair — with its row number, so a header that was taken for one, or a row
 * that was not, is seen before anything is merged. Import hands the rows to the table (merge
 * rule); Back drops them.
 */
export function ExcelImportDialog({ preview, onImport, onClose }: { preview: ExcelImportPreview; onImport: () => void; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { rows, skipped, skippedTotal } = preview
  return (
    <ToolDialog open title={t('mapping:excel_title')} onClose={onClose} confirm={{ label: t('mapping:excel_import'), onClick: onImport, disabled: rows.length === 0 }}>
      <Text>{t('mapping:excel_rows_count', { count: rows.length })}</Text>
      <ul className={`${styles.list} ${styles.pairs}`} aria-label={t('mapping:excel_rows')}>
        {rows.length === 0 ? (
          <li className={styles.muted}>{t('mapping:excel_nothing')}</li>
        ) : (
          rows.map((p) => <li key={`${p.sourceFieldName}\u0000${p.targetFieldName}`}>{`${p.sourceFieldName} --> ${p.targetFieldName}`}</li>)
        )}
      </ul>
      {skippedTotal > 0 && (
        <>
          <Text>{t('mapping:excel_skipped_count', { count: skippedTotal })}</Text>
          <ul className={styles.list} aria-label={t('mapping:excel_skipped')}>
            {skipped.map((s) => (
              <li key={s.row}>
                {t('mapping:excel_skipped_line', { row: s.row, source: s.sourceFieldName, target: s.targetFieldName, reason: t(`mapping:excel_skip_${s.reason}`) })}
              </li>
            ))}
            {skippedTotal > skipped.length && <li className={styles.muted}>{t('mapping:excel_skipped_more', { count: skippedTotal - skipped.length })}</li>}
          </ul>
        </>
      )}
    </ToolDialog>
  )
}
