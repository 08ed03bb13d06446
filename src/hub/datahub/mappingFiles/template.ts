import * as XLSX from 'xlsx'
import { translateMessage } from '../../../../locales'
import { XLSX_CONTENT_TYPE, type DownloadedFile } from '../../../shared/contract/datahub/mappingFiles'
import type { Locale } from '../../../shared/locale'

/**
 * The field-mapping template (part 2 §7): one sheet with the header row (stream field, target
 * field, in the caller's language) and one example row, the layout the upload reads back
 * (column A source, column B target, the header row recognised and left out).
 */
export function mappingTemplate(locale: Locale): DownloadedFile {
  const t = (key: string) => translateMessage(locale, key)
  const sheet = XLSX.utils.aoa_to_sheet([
    [t('msg_mapping_template_source'), t('msg_mapping_template_target')],
    ['user_name', 'userName'],
  ])
  sheet['!cols'] = [{ wch: 28 }, { wch: 28 }]
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, t('msg_mapping_template_sheet'))
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
  return { name: `${t('msg_mapping_template_file')}.xlsx`, contentType: XLSX_CONTENT_TYPE, bytes: new Uint8Array(bytes) }
}
