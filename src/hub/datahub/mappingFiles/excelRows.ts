import { MAPPING_EXCEL } from '../../../shared/contract/datahub/mappingFiles'
import type { MappingImport, SkippedMappingRow } from '../../../shared/contract/datahub/mappingFiles'
import type { FieldMappingRow } from '../../../shared/rules/datahub/mapping'
import { readSheet } from '../../workbooks/read'
import { ExcelRefused } from '../../workbooks/refused'
import { isMappingHeader } from './headerRow'

/** The skipped rows an answer lists one by one; past that it says how many there were. */
export const MAX_SKIPPED_LISTED = 200

/**
 * The mapping rows of an uploaded workbook and the rows it left out, each with its reason:
 * column A of the first sheet is the stream (source) field, column B the target field, other
 * columns are ignored (and not even sent back by the workbook worker). The first row with
 * anything in it is left out when it reads as a header (headerRow.ts); a sheet without one
 * starts with data. Rows pass the merge rule — names trimmed; a row with one name empty is
 * incomplete, a pair already read a repeat — and rows with nothing in them are no rows at all.
 * Refusals are ExcelRefused.
 */
export async function mappingImportOf(bytes: Uint8Array): Promise<MappingImport> {
  const sheet = await readSheet(bytes, { limits: MAPPING_EXCEL, columns: 2 })
  const rows: FieldMappingRow[] = []
  const skipped: SkippedMappingRow[] = []
  let skippedTotal = 0
  const skip = (row: SkippedMappingRow) => {
    if (skippedTotal++ < MAX_SKIPPED_LISTED) skipped.push(row)
  }
  const seen = new Set<string>()
  let header = false
  let first = true
  sheet.forEach(([source = '', target = ''], index) => {
    const sourceFieldName = source.trim()
    const targetFieldName = target.trim()
    if (sourceFieldName === '' && targetFieldName === '') return
    const at = { row: index + 1, sourceFieldName, targetFieldName }
    if (first) {
      first = false
      if (isMappingHeader(sourceFieldName, targetFieldName)) {
        header = true
        return skip({ ...at, reason: 'header' })
      }
    }
    if (sourceFieldName === '' || targetFieldName === '') return skip({ ...at, reason: 'incomplete' })
    // A separator no trimmed name can contain, as the merge rule keys its pairs.
    const key = `${sourceFieldName}\u0000${targetFieldName}`
    if (seen.has(key)) return skip({ ...at, reason: 'duplicate' })
    seen.add(key)
    rows.push({ sourceFieldName, targetFieldName })
  })
  // Rows actually read (the parse stops one past the limit), not the sheet's declared extent.
  if (sheet.length - (header ? 1 : 0) > MAPPING_EXCEL.maxRows) throw new ExcelRefused('msg_mapping_excel_rows', { max: MAPPING_EXCEL.maxRows })
  return { rows, skipped, skippedTotal }
}

/** The mapping rows alone (part 2 §7's upload answers only these). */
export const mappingRowsOf = async (bytes: Uint8Array): Promise<FieldMappingRow[]> => (await mappingImportOf(bytes)).rows
