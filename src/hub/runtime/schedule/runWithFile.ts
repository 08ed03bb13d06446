import * as contract from '../../../shared/contract/datahub/runWithFile'
import { hasMappingExcelExtension } from '../../../shared/contract/datahub/mappingFiles'
import { ResultCode } from '../../../shared/envelope'
import { producerFromRow } from '../../datahub/rows'
import { hubTimeZone } from '../../config'
import { datahubDb } from '../../datahub/tables'
import { route } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { ExcelRefused, refusalCodeOf } from '../../workbooks/refused'
import { dropWorkbook, inboxOf } from '../fetch/excelInbox'
import { EXCEL_PRODUCER, layoutOf, workbookRecords } from '../fetch/workbookRows'
import * as refuse from '../refusals'
import { manualRunTarget, refuseUnstartable, startManualRun } from './manualRuns'
import { schedulerOf } from './scheduler'

/** A refusal of the workbook itself, on the field `file`. */
const fileRefusal = (err: ExcelRefused) => new Refusal(refusalCodeOf(err.messageKey), err.messageKey, err.params, [{ path: 'file', key: err.messageKey }])

/**
 * POST /producer/runWithFile: the workbook is read here once, as the run will read it, so a
 * wrong one (not a workbook, another topic's, a missing sheet…) is refused with its reason
 * instead of starting a run that fails; then it goes into the inbox whole and the run starts.
 */
export const producerRunWithFile = route(
  contract.producerRunWithFile,
  async ({ id, file }, call) => {
    const target = await manualRunTarget(call, id)
    if (target.production_mode !== 'excel') throw refuse.runFileNotExcel()
    await refuseUnstartable(call, target)
    // Another node would take the run and read its own inbox, not the folder the file is in.
    if (!schedulerOf(call.hub.store)) throw refuse.runFileNoScheduler()
    if (!hasMappingExcelExtension(file.name)) throw fileRefusal(new ExcelRefused('msg_mapping_excel_extension'))
    const row = await datahubDb(call.hub.store.db).selectFrom('producers').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow()
    const model = producerFromRow(row, '').excelModels?.[0]
    let layout: ReturnType<typeof layoutOf>
    try {
      layout = layoutOf(model)
    } catch (err) {
      // The producer's settings, not the file, are at fault: the producer must be fixed first.
      if (err instanceof ExcelRefused) throw new Refusal(ResultCode.conflict, err.messageKey, err.params)
      throw err
    }
    try {
      await workbookRecords(file.bytes, layout, target.code, hubTimeZone(call.hub.config))
    } catch (err) {
      if (err instanceof ExcelRefused) throw fileRefusal(err)
      throw err
    }
    await dropWorkbook(inboxOf(call.hub.config, target.code), file.name, file.bytes)
    return startManualRun(call, target)
  },
  { upload: { maxBytes: EXCEL_PRODUCER.maxBytes, tooLargeKey: 'msg_mapping_excel_size' } },
)
