import * as contract from '../../../../shared/contract/platform/admin/transfer'
import { TRANSFER_KINDS, IMPORT_MAX_ROWS, type TransferKind } from '../../../../shared/contract/platform/admin/transfer'
import { MAPPING_EXCEL } from '../../../../shared/contract/datahub/mappingFiles'
import { ResultCode } from '../../../../shared/envelope'
import { route, type Route } from '../../../http/context'
import { Refusal, type FieldKey } from '../../../kernel/refusal'
import { readSheet } from '../../../workbooks/read'
import { ExcelRefused } from '../../../workbooks/refused'
import { callerStanding } from '../../../authority/grants'
import { adminDb } from '../tables'
import { transferDefinitions, type ParsedRow } from './kinds'
import { rowsByHeader, sheetFile } from './sheet'

/** Uploads of an import: a workbook of a few thousand rows is far below this. */
const IMPORT_MAX_BYTES = 8 * 1024 * 1024

const fileRefusal = (key: string, params: Record<string, string | number> = {}) => new Refusal(ResultCode.validation, key, params, [{ path: 'file', key }])

/** Empty cells are absent values: the rules' defaults apply and required ones say so. */
const present = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' ? undefined : v]))

function importRoute(kind: TransferKind): Route {
  const definition = transferDefinitions[kind]
  return route(
    contract.importEndpoints[kind],
    async ({ file }, call) => {
      if (!/\.xlsx?$/i.test(file.name.trim())) throw fileRefusal('msg_mapping_excel_extension')
      let texts: string[][]
      try {
        // The mapping upload's limits: the header row and at most maxRows rows under it.
        texts = await readSheet(file.bytes, { limits: MAPPING_EXCEL })
        if (texts.length > MAPPING_EXCEL.maxRows + 1) throw new ExcelRefused('msg_mapping_excel_rows', { max: MAPPING_EXCEL.maxRows })
      } catch (err) {
        if (err instanceof ExcelRefused) throw fileRefusal(err.messageKey, err.params)
        throw err
      }
      const sheetRows = rowsByHeader(texts, definition.columns)
      if (!sheetRows) throw fileRefusal('msg_import_header')
      if (sheetRows.length === 0) throw fileRefusal('msg_import_empty')
      if (sheetRows.length > IMPORT_MAX_ROWS) throw fileRefusal('msg_import_rows', { max: IMPORT_MAX_ROWS })

      const problems: FieldKey[] = []
      // One problem per cell: the first rule it fails, as the form shows one message per field.
      const problem = (row: number, field: string, key: string) => {
        const path = `${row}.${field}`
        if (!problems.some((p) => p.path === path)) problems.push({ path, key })
      }
      const parsed: ParsedRow[] = []
      for (const { row, values } of sheetRows) {
        const result = definition.rowSchema.safeParse(present(values))
        if (result.success) parsed.push({ row, value: result.data })
        else for (const issue of result.error.issues) problem(row, String(issue.path[0] ?? ''), issue.message)
      }
      if (problems.length === 0) await definition.prepare?.(parsed)
      const caller = await callerStanding(adminDb(call.hub.store.db), call)
      // All or nothing: the checks against the store run for the rows that passed their own
      // rules too, so one answer lists every problem; any problem rolls the transaction back.
      await adminDb(call.hub.store.db)
        .transaction()
        .execute(async (tx) => {
          await definition.importRows(tx, parsed, problem, () => problems.length === 0, caller, call.hub.store.kind)
          if (problems.length > 0) throw new Refusal(ResultCode.validation, 'msg_import_problems', { count: problems.length }, problems)
        })
      return { imported: sheetRows.length }
    },
    { upload: { maxBytes: IMPORT_MAX_BYTES, tooLargeKey: 'msg_import_size' } },
  )
}

function exportRoute(kind: TransferKind): Route {
  const definition = transferDefinitions[kind]
  return route(contract.exportEndpoints[kind], async (_input, call) => sheetFile(call.locale, definition.fileKey, definition.columns, await definition.exportRecords(adminDb(call.hub.store.db))))
}

/** Excel imports and exports of the administration data. */
export const transferRoutes: readonly Route[] = TRANSFER_KINDS.flatMap((k) => [importRoute(k), exportRoute(k)])
