import { basename } from 'node:path'
import { hasMappingExcelExtension, MAPPING_EXCEL } from '../../shared/contract/datahub/mappingFiles'
import { ResultCode, type HubResult } from '../../shared/envelope'
import { translateMessage } from '../../../locales'
import type { Locale } from '../../shared/locale'

/** The file-system calls a workbook read needs (node:fs/promises in the app, a temp dir in tests). */
export interface WorkbookFs {
  stat(path: string): Promise<{ size: number; isFile(): boolean }>
  readFile(path: string): Promise<Uint8Array>
}

export interface ChosenWorkbook {
  name: string
  bytes: Uint8Array
}

type Refused = Extract<HubResult<never>, { ok: false }>

const refuse = (locale: Locale, code: string, key: string): Refused => ({ ok: false, code, message: translateMessage(locale, key) })

/**
 * The upload rules of a workbook the hub reads (one .xls or .xlsx within MAPPING_EXCEL.maxBytes),
 * checked before it leaves the main process: a wrong file is refused without a round trip and a
 * huge one is never read into memory. The hub checks them again, and the content.
 */
export function workbookPrecheck(locale: Locale, name: string, size: number): Refused | null {
  if (!hasMappingExcelExtension(name)) return refuse(locale, ResultCode.validation, 'msg_mapping_excel_extension')
  if (size > MAPPING_EXCEL.maxBytes) return refuse(locale, ResultCode.tooLarge, 'msg_mapping_excel_size')
  return null
}

/** The workbook at `path` (chosen in the open dialog), read within the rules, or the refusal to show. */
export async function readWorkbookAt(fs: WorkbookFs, locale: Locale, path: string, log?: (line: string) => void): Promise<ChosenWorkbook | Refused> {
  const name = basename(path)
  let bytes: Uint8Array
  try {
    const info = await fs.stat(path)
    if (!info.isFile()) return refuse(locale, ResultCode.validation, 'msg_mapping_excel_unreadable')
    const refused = workbookPrecheck(locale, name, info.size)
    if (refused) return refused
    bytes = await fs.readFile(path)
  } catch (err) {
    log?.(`workbook not readable: ${(err as NodeJS.ErrnoException).code ?? String(err)}`)
    return refuse(locale, ResultCode.validation, 'msg_mapping_excel_unreadable')
  }
  // The file may have grown between stat and read.
  return workbookPrecheck(locale, name, bytes.byteLength) ?? { name, bytes }
}

export const isRefused = (read: ChosenWorkbook | Refused): read is Refused => 'ok' in read
