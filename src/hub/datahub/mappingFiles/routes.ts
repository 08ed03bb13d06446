import * as contract from '../../../shared/contract/datahub/mappingFiles'
import { MAPPING_EXCEL, hasMappingExcelExtension } from '../../../shared/contract/datahub/mappingFiles'
import { endpointsIn } from '../../../shared/endpoint'
import { serialiseFieldMappings } from '../../../shared/rules/datahub/mapping'
import { route, type Route } from '../../http/context'
import { Refusal } from '../../http/refusal'
import { routesFor } from '../../http/routeMaps'
import { ExcelRefused, refusalCodeOf } from '../../workbooks/refused'
import { mappingRowsOf } from './excelRows'
import { mappingTemplate } from './template'

/**
 * Excel upload (part 2 §7): the registrar reads the multipart field `file` within the limit
 * below (a bigger file is refused before it is read whole); then the name's extension, the
 * content's magic bytes, the zip directory's limits, and only then the parse. The answer's
 * message is msg_file_upload_success, its data the JSON text of the rows.
 */
export const fieldMappingExcelUpload = route(
  contract.fieldMappingExcelUpload,
  async ({ file }) => {
    const refuse = (key: string, params: Record<string, string | number> = {}) => new Refusal(refusalCodeOf(key), key, params, [{ path: 'file', key }])
    if (!hasMappingExcelExtension(file.name)) throw refuse('msg_mapping_excel_extension')
    try {
      return serialiseFieldMappings(await mappingRowsOf(file.bytes))
    } catch (err) {
      if (err instanceof ExcelRefused) throw refuse(err.messageKey, err.params)
      throw err
    }
  },
  {
    upload: { maxBytes: MAPPING_EXCEL.maxBytes, tooLargeKey: 'msg_mapping_excel_size' },
    successMessage: 'msg_file_upload_success',
  },
)

/** The template as an .xlsx download, headers in the caller's language. */
export const downloadFieldMappingTemplate = route(contract.downloadFieldMappingTemplate, async (_input, call) => mappingTemplate(call.locale))

/** Handlers of mappingFileEndpoints. */
export const mappingFileRoutes: readonly Route[] = routesFor(endpointsIn(contract), { fieldMappingExcelUpload, downloadFieldMappingTemplate })
