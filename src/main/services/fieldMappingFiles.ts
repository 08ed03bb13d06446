import { basename } from 'node:path'
import { downloadFieldMappingTemplate, fieldMappingExcelPreview, fieldMappingExcelUpload, mappingImportSchema } from '../../shared/contract/datahub/mappingFiles'
import { ResultCode, type HubResult } from '../../shared/envelope'
import type { MappingExcelRows } from '../../shared/ipc'
import type { Locale } from '../../shared/locale'
import { cleanMappingRows, type MappingPairLike } from '../../shared/rules/datahub/mappingRows'
import { translateMessage } from '../../../locales'
import type { HubDownloader, HubProxy } from './hubProxy'
import { isRefused, readWorkbookAt, workbookPrecheck, type WorkbookFs } from './workbookFile'

/** The few file-system calls the service needs (node:fs/promises in the app, a temp dir in tests). */
export interface MappingFilesFs extends WorkbookFs {
  writeFile(path: string, bytes: Uint8Array): Promise<void>
}

/** The native dialogs (Electron glue in src/main/electron/fieldMappingDialog.ts; stand-ins in tests). */
export interface MappingFileDialogs {
  /** One .xls or .xlsx to open; null when the user cancels. */
  openExcel(): Promise<string | null>
  /** Where to save the template, suggesting `defaultName`; null when the user cancels. */
  saveTemplate(defaultName: string): Promise<string | null>
}

export interface FieldMappingFileDeps {
  proxy: Pick<HubProxy, 'upload'> & HubDownloader
  fs: MappingFilesFs
  dialogs: MappingFileDialogs
  locale: () => Locale
  log?: (line: string) => void
}

export interface FieldMappingFiles {
  /** Opens the file dialog and uploads the chosen workbook. */
  chooseExcel(): Promise<HubResult<MappingExcelRows>>
  /** Uploads the workbook at `path`. */
  uploadPath(path: string): Promise<HubResult<MappingExcelRows>>
  /** Uploads a workbook the page read itself (dropped on the sandboxed page). */
  uploadBytes(name: string, bytes: Uint8Array): Promise<HubResult<MappingExcelRows>>
  /** Downloads the template, asks where to save it, and writes it there. */
  saveTemplate(): Promise<HubResult<{ path: string } | null>>
}

/** Spec part 2 §7: the upload succeeded when the message is msg_file_upload_success. */
const SUCCESS_KEY = 'msg_file_upload_success'

/** A name from the hub made safe as a file name (the save dialog's suggestion). */
const safeFileName = (name: string, fallback: string) => {
  const cleaned = [...basename(name.replace(/\\/g, '/'))].map((c) => (c.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('').trim()
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned
}

/**
 * Field-mapping workbooks on their way to the hub, and the template on its way to disk. The
 * upload rules (one .xls or .xlsx, within the size limit) are checked here first, so a wrong
 * file is refused with its message without a round trip and a huge one is never read into
 * memory; the hub checks them again, and the content (it is authoritative).
 */
export function createFieldMappingFiles(deps: FieldMappingFileDeps): FieldMappingFiles {
  const t = (key: string, params?: Record<string, string | number>) => translateMessage(deps.locale(), key, params)
  const refuse = <T>(code: string, key: string, params?: Record<string, string | number>): HubResult<T> => ({ ok: false, code, message: t(key, params) })
  const cancelled = <T>(): HubResult<T> => ({ ok: false, code: ResultCode.cancelled, message: '' })
  const precheck = (name: string, size: number): HubResult<MappingExcelRows> | null => workbookPrecheck(deps.locale(), name, size)

  /**
   * The hub's import preview first: the rows and what it left out. A hub that only speaks the
   * spec's contract has no such call ('4040'): then the spec's upload, which names no skipped rows.
   */
  async function send(name: string, bytes: Uint8Array): Promise<HubResult<MappingExcelRows>> {
    const preview = await deps.proxy.upload(fieldMappingExcelPreview.id, { name, bytes })
    if (!preview.ok && preview.code === ResultCode.notFound) return sendToSpecUpload(name, bytes)
    if (!preview.ok) return preview
    const read = mappingImportSchema.safeParse(preview.data)
    if (!read.success) {
      deps.log?.('mapping upload: the hub answered a preview that is not a mapping import')
      return refuse(ResultCode.systemError, 'msg_mapping_excel_invalid')
    }
    const { rows, skipped, skippedTotal } = read.data
    return { ok: true, data: { rows: cleanMappingRows(rows), skipped, skippedTotal }, message: t(SUCCESS_KEY), ...(preview.versions ? { versions: preview.versions } : {}) }
  }

  async function sendToSpecUpload(name: string, bytes: Uint8Array): Promise<HubResult<MappingExcelRows>> {
    const answer = await deps.proxy.upload(fieldMappingExcelUpload.id, { name, bytes })
    // Our hub says success with '2000'; the spec's console looks at the message key, which a hub
    // that answers untranslated keys sends as it is: either one counts.
    if (!answer.ok && answer.message !== SUCCESS_KEY) return answer
    const rows = rowsOf(answer.data)
    if (!rows) {
      deps.log?.('mapping upload: the hub answered rows that are not a mapping list')
      return refuse(ResultCode.systemError, 'msg_mapping_excel_invalid')
    }
    const message = answer.message === SUCCESS_KEY || answer.message === '' ? t(SUCCESS_KEY) : answer.message
    return { ok: true, data: { rows, skipped: [], skippedTotal: 0 }, message, ...(answer.versions ? { versions: answer.versions } : {}) }
  }

  async function uploadPath(path: string): Promise<HubResult<MappingExcelRows>> {
    const read = await readWorkbookAt(deps.fs, deps.locale(), path, deps.log)
    return isRefused(read) ? read : send(read.name, read.bytes)
  }

  return {
    async chooseExcel() {
      const path = await deps.dialogs.openExcel()
      return path ? uploadPath(path) : cancelled()
    },
    uploadPath,
    async uploadBytes(name, bytes) {
      return precheck(name, bytes.byteLength) ?? send(name, bytes)
    },
    async saveTemplate() {
      // The file first: a refused call (no session) should not follow a dialog the user filled in.
      const file = await deps.proxy.download(downloadFieldMappingTemplate.id)
      if (!file.ok) return file
      const fallback = `${t('msg_mapping_template_file')}.xlsx`
      const path = await deps.dialogs.saveTemplate(safeFileName(file.data.name, fallback))
      if (!path) return cancelled()
      try {
        await deps.fs.writeFile(path, file.data.bytes)
      } catch (err) {
        const reason = (err as NodeJS.ErrnoException).code ?? String(err)
        deps.log?.(`mapping template not saved: ${reason}`)
        return refuse(ResultCode.systemError, 'msg_mapping_template_save_failed', { reason })
      }
      return { ok: true, data: { path }, message: t('msg_mapping_template_saved', { path }), ...(file.versions ? { versions: file.versions } : {}) }
    },
  }
}

/**
 * The rows of an upload answer: the spec's JSON text of rows (or, from a lenient hub, the list
 * itself), through the merge rule once more so the console only ever gets clean pairs. Null when
 * the answer is no mapping list.
 */
function rowsOf(data: unknown): MappingExcelRows['rows'] | null {
  let list: unknown = data
  if (typeof data === 'string') {
    if (data.trim() === '') return []
    try {
      list = JSON.parse(data)
    } catch {
      return null
    }
  }
  if (!Array.isArray(list) || !list.every((r) => r !== null && typeof r === 'object')) return null
  return cleanMappingRows(list as MappingPairLike[])
}
