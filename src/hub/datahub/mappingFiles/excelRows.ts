import { translateMessage } from '../../../../locales'
import { MAPPING_EXCEL } from '../../../shared/contract/datahub/mappingFiles'
import { LOCALES } from '../../../shared/locale'
import type { FieldMappingRow } from '../../../shared/rules/datahub/mapping'
import { cleanMappingRows } from '../../../shared/rules/datahub/mappingRows'
import { readSheet } from '../../workbooks/read'
import { ExcelRefused } from '../../workbooks/refused'

const norm = (s: string) => s.trim().toLowerCase()
/** Header texts of the template in every language, and the spec's field names. */
const headerTexts = (): { source: Set<string>; target: Set<string> } => ({
  source: new Set(['sourcefieldname', ...LOCALES.map((l) => norm(translateMessage(l, 'msg_mapping_template_source')))]),
  target: new Set(['targetfieldname', ...LOCALES.map((l) => norm(translateMessage(l, 'msg_mapping_template_target')))]),
})

/**
 * The mapping rows of an uploaded workbook: column A of the first sheet is the stream (source)
 * field, column B the target field, other columns are ignored (and not even sent back by the
 * workbook worker). The first row is left out when it is the template's header (in either
 * language, or the spec's field names); a sheet without one starts with data. Rows pass the
 * merge rule (trimmed, no empty names, no repeats). Refusals are ExcelRefused.
 */
export async function mappingRowsOf(bytes: Uint8Array): Promise<FieldMappingRow[]> {
  const rows = await readSheet(bytes, { limits: MAPPING_EXCEL, columns: 2 })
  const first = rows[0]
  const headers = headerTexts()
  const hasHeader = !!first && headers.source.has(norm(first[0] ?? '')) && headers.target.has(norm(first[1] ?? ''))
  // Rows actually read (the parse stops one past the limit), not the sheet's declared extent.
  if (rows.length - (hasHeader ? 1 : 0) > MAPPING_EXCEL.maxRows) throw new ExcelRefused('msg_mapping_excel_rows', { max: MAPPING_EXCEL.maxRows })
  return cleanMappingRows(rows.slice(hasHeader ? 1 : 0).map(([sourceFieldName = '', targetFieldName = '']) => ({ sourceFieldName, targetFieldName })))
}
