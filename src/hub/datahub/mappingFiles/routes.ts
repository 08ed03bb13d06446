import * as contract from '../../../shared/contract/datahub/mappingFiles'
import { MAPPING_EXCEL, hasMappingExcelExtension } from '../../../shared/contract/datahub/mappingFiles'
import { endpointsIn } from '../../../shared/endpoint'
import { serialiseFieldMappings } from '../../../shared/rules/datahub/mapping'
import { route, type Route } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { routesFor } from '../../http/routeMaps'
import { ExcelRefused, refusalCodeOf } from '../../workbooks/refused'
import { mappingImportOf, mappingRowsOf } from './excelRows'
import { mappingTemplate } from './template'

/**
 * Excel upload (part 2 §7): the registrar reads the multipart field `file` within the limit
 * below (a bigger file is refused before it is read whole); then the name's extension, the
 * content's magic bytes, the zip directory's limits, and only then the parse. The answer's
 * message is msg_file_upload_success, its data the JSON text of the rows.
 */
/** The workbook checked and read by `read`, its refusals answered on the field `file`. */
async function readUpload<T>(file: { name: string; bytes: Uint8Array }, read: (bytes: Uint8Array) => Promise<T>): Promise<T> {
  const refuse = (key: string, params: Record<string, string | number> = {}) => new Refusal(refusalCodeOf(key), key, params, [{ path: 'file', key }])
  if (!hasMappingExcelExtension(file.name)) throw refuse('msg_mapping_excel_extension')
  try {
    return await read(file.bytes)
  } catch (err) {
    if (err instanceof ExcelRefused) throw refuse(err.messageKey, err.params)
    throw err
  }
}

export const fieldMappingExcelUpload = route(
  contract.fieldMappingExcelUpload,
  async ({ file }) => serialiseFieldMappings(await readUpload(file, mappingRowsOf)),
  {
    upload: { maxBytes: MAPPING_EXCEL.maxBytes, tooLargeKey: 'msg_mapping_excel_size' },
    successMessage: 'msg_file_upload_success',
  },
)

/** The same upload as the rows and the rows left out, for the console's import preview. */
export const fieldMappingExcelPreview = route(contract.fieldMappingExcelPreview, async ({ file }) => readUpload(file, mappingImportOf), {
  upload: { maxBytes: MAPPING_EXCEL.maxBytes, tooLargeKey: 'msg_mapping_excel_size' },
})

/** The template as an .xlsx download, headers in the caller's language. */
export const downloadFieldMappingTemplate = route(contract.downloadFieldMappingTemplate, async (_input, call) => mappingTemplate(call.locale))

/** Handlers of mappingFileEndpoints. */
export const mappingFileRoutes: readonly Route[] = routesFor(endpointsIn(contract), { fieldMappingExcelUpload, fieldMappingExcelPreview, downloadFieldMappingTemplate })
