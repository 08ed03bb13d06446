import type { SkippedMappingRow } from '../../../../shared/contract/datahub/mappingFiles'
import type { HubResult } from '../../../../shared/envelope'
import type { IpcPayload } from '../../../../shared/ipc'
import { invokeForResult } from '../../../bridge/resultChannels'
import type { FieldMappingRow as MappingPair } from '../../../../shared/rules/datahub/mapping'

/**
 * The field-mapping file channels of the main process (it owns dialogs and files; the sandboxed
 * page never touches the disk): choose and upload an Excel file, upload the bytes of a file
 * dropped on the page, save the template. '5040' means the user closed the dialog. Failures come
 * back as values, like hub calls.
 */
const invokeFile = <C extends 'fieldMapping.chooseExcel' | 'fieldMapping.uploadExcelBytes' | 'fieldMapping.saveTemplate'>(channel: C, payload: IpcPayload<C>): Promise<HubResult<unknown>> =>
  invokeForResult(channel, payload)

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v))

/**
 * The rows of an upload answer: the main process hands them over as {rows} (MappingExcelRows); the
 * hub's own data is the JSON text of mapping rows (part 2 §7), and get-all-fields answers that too.
 */
export function pairsOfUpload(data: unknown): MappingPair[] {
  let value = data
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      return []
    }
  }
  if (value != null && typeof value === 'object' && !Array.isArray(value) && 'rows' in value) value = (value as { rows: unknown }).rows
  if (!Array.isArray(value)) return []
  return value.map((r: Record<string, unknown>) => ({
    sourceFieldName: text(r?.sourceFieldName ?? r?.source),
    targetFieldName: text(r?.targetFieldName ?? r?.target),
  }))
}

/** The rows the hub left out of an upload, as the main process hands them over (none from a hub that does not say). */
export function skippedOfUpload(data: unknown): { skipped: SkippedMappingRow[]; skippedTotal: number } {
  const found = data != null && typeof data === 'object' && !Array.isArray(data) ? (data as { skipped?: unknown; skippedTotal?: unknown }) : {}
  const skipped = Array.isArray(found.skipped) ? (found.skipped as SkippedMappingRow[]) : []
  return { skipped, skippedTotal: typeof found.skippedTotal === 'number' ? found.skippedTotal : skipped.length }
}

export const chooseExcel = (): Promise<HubResult<unknown>> => invokeFile('fieldMapping.chooseExcel', undefined)
export const uploadExcelBytes = (name: string, bytes: Uint8Array): Promise<HubResult<unknown>> => invokeFile('fieldMapping.uploadExcelBytes', { name, bytes })
export const saveTemplate = (): Promise<HubResult<unknown>> => invokeFile('fieldMapping.saveTemplate', undefined)

/** Part 2 §5: upload accepts only .xls and .xlsx. */
export const isExcelName = (name: string): boolean => /\.(xlsx?)$/i.test(name.trim())
