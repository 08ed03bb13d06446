import { basename } from 'node:path'
import { exportEndpoints, importEndpoints, type TransferKind } from '../../shared/contract/platform/admin/transfer'
import { auditLogExport, type AuditFilter } from '../../shared/contract/platform/logs'
import { hasMappingExcelExtension } from '../../shared/contract/datahub/mappingFiles'
import { ResultCode, type HubResult } from '../../shared/envelope'
import type { Locale } from '../../shared/locale'
import { translateMessage } from '../../../locales'
import type { MappingFileDialogs, MappingFilesFs } from './fieldMappingFiles'
import type { HubDownloader, HubProxy } from './hubProxy'

export interface AdminTransferDeps {
  proxy: Pick<HubProxy, 'upload'> & HubDownloader
  fs: MappingFilesFs
  /** The workbook dialogs the field mapping uses: open one .xls/.xlsx, save an .xlsx. */
  dialogs: MappingFileDialogs
  locale: () => Locale
  log?: (line: string) => void
}

export interface AdminTransfers {
  /** Opens the file dialog and imports the chosen workbook; '5040' when the user cancels. */
  importExcel(kind: TransferKind): Promise<HubResult<{ imported: number }>>
  /** Downloads the export and saves it where the user says; '5040' when the user cancels. */
  exportExcel(kind: TransferKind): Promise<HubResult<{ path: string }>>
  /** Downloads the audit log as filtered and saves it where the user says; '5040' when the user cancels. */
  exportAuditLog(filter: AuditFilter): Promise<HubResult<{ path: string }>>
}

/** Same as the hub's limit: a bigger file is refused here without being read. */
const IMPORT_MAX_BYTES = 8 * 1024 * 1024

/**
 * Administration imports and exports (organisations, positions, roles, user roles, users): the
 * native dialogs and the files stay in the main process, the hub checks and applies.
 */
export function createAdminTransfers(deps: AdminTransferDeps): AdminTransfers {
  const t = (key: string, params?: Record<string, string | number>) => translateMessage(deps.locale(), key, params)
  const refuse = <T>(code: string, key: string, params?: Record<string, string | number>): HubResult<T> => ({ ok: false, code, message: t(key, params) })
  const cancelled = <T>(): HubResult<T> => ({ ok: false, code: ResultCode.cancelled, message: '' })
  return {
    async importExcel(kind) {
      const path = await deps.dialogs.openExcel()
      if (!path) return cancelled()
      const name = basename(path)
      if (!hasMappingExcelExtension(name)) return refuse(ResultCode.validation, 'msg_mapping_excel_extension')
      let bytes: Uint8Array
      try {
        const info = await deps.fs.stat(path)
        if (info.size > IMPORT_MAX_BYTES) return refuse(ResultCode.tooLarge, 'msg_import_size')
        bytes = await deps.fs.readFile(path)
      } catch (err) {
        deps.log?.(`import workbook not readable: ${(err as NodeJS.ErrnoException).code ?? String(err)}`)
        return refuse(ResultCode.validation, 'msg_mapping_excel_unreadable')
      }
      return (await deps.proxy.upload(importEndpoints[kind].id, { name, bytes })) as HubResult<{ imported: number }>
    },
    exportExcel: (kind) => saveExport(exportEndpoints[kind].id, undefined, `${kind}.xlsx`),
    exportAuditLog: (filter) => saveExport(auditLogExport.id, filter, 'audit-log.xlsx'),
  }

  async function saveExport(endpointId: string, input: unknown, fallbackName: string): Promise<HubResult<{ path: string }>> {
    // The file first: a refused call should not follow a dialog the user filled in.
    const file = await deps.proxy.download(endpointId, input)
    if (!file.ok) return file
    const path = await deps.dialogs.saveTemplate(basename(file.data.name.replace(/\\/g, '/')) || fallbackName)
    if (!path) return cancelled()
    try {
      await deps.fs.writeFile(path, file.data.bytes)
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code ?? String(err)
      deps.log?.(`export not saved: ${reason}`)
      return refuse(ResultCode.systemError, 'msg_export_save_failed', { reason })
    }
    return { ok: true, data: { path }, message: t('msg_export_saved', { path }) }
  }
}
