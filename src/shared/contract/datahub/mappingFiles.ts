import { z } from 'zod'
import { defineEndpoint, type Endpoint } from '../../endpoint'
import { fieldMappingRowSchema } from '../../rules/datahub/mapping'
import { uploadedFileSchema } from '../platform/licence'
import { TOPIC_PERMISSION } from './permissions'

/**
 * Limits of the field-mapping Excel upload. The spec fixes only "one file, .xls or .xlsx"
 * (part 2 §5, §9); the rest is ours, sized so that a workbook of 100 000 mapping rows with
 * ten columns (about 9 MB packed, 42 MB unpacked) passes and anything far beyond is refused
 * before it costs the hub memory: the generic 5 MB of the upload widget would refuse that
 * workbook, so this upload has a limit of its own.
 */
export const MAPPING_EXCEL = {
  extensions: ['.xls', '.xlsx'],
  /** Largest file accepted, inclusive (16 MiB). */
  maxBytes: 16 * 1024 * 1024,
  /** .xlsx: largest total of the parts' unpacked sizes as the zip directory declares them (128 MiB). */
  maxUnpackedBytes: 128 * 1024 * 1024,
  /** .xlsx: most parts in the zip (a workbook has a few dozen). */
  maxEntries: 1000,
  /** Most mapping rows read from the sheet (besides the header). */
  maxRows: 100_000,
} as const

/** Upload rule (part 2 §5): only .xls and .xlsx, by the name's extension, any letter case. */
export const hasMappingExcelExtension = (name: string): boolean => {
  const lower = name.trim().toLowerCase()
  return MAPPING_EXCEL.extensions.some((ext) => lower.endsWith(ext) && lower.length > ext.length)
}

/** The template's file type. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * A binary download as the hub's handler produces it: the registrar sends `bytes` with this
 * content type and `name` in Content-Disposition; the proxy hands the same shape to the main
 * process, which saves it.
 */
export const downloadedFileSchema = z.object({
  name: z.string().min(1).max(255),
  contentType: z.string().min(1),
  bytes: z.instanceof(Uint8Array),
})
export type DownloadedFile = z.infer<typeof downloadedFileSchema>

const base = { area: 'datahub', access: 'session', permission: TOPIC_PERMISSION } as const

/**
 * Part 2 §7: multipart field `file`; success carries message msg_file_upload_success and data,
 * the JSON text of the sheet's mapping rows {sourceFieldName, targetFieldName} (column A the
 * stream field, column B the target field; the header row left out), already cleaned by the
 * merge rule (trimmed, no empty names, no repeated pairs).
 */
export const fieldMappingExcelUpload = defineEndpoint({
  ...base,
  id: 'datahub.file.upload.fieldMappingExcel',
  method: 'POST',
  path: '/file/upload/fieldMappingExcel',
  upload: true,
  input: z.object({ file: uploadedFileSchema }),
  output: z.string(),
})

/** Why a row of a mapping workbook was left out of the import. */
export const SKIP_REASONS = ['header', 'incomplete', 'duplicate'] as const
export type SkipReason = (typeof SKIP_REASONS)[number]

/** A row of the workbook left out: its row number in the sheet (1-based), its two cells (trimmed), why. */
export const skippedMappingRowSchema = z.object({
  row: z.number().int().positive(),
  sourceFieldName: z.string(),
  targetFieldName: z.string(),
  reason: z.enum(SKIP_REASONS),
})
export type SkippedMappingRow = z.infer<typeof skippedMappingRowSchema>

/** What a mapping workbook holds for the import: the rows (as the upload answers them) and those left out (the first 200 listed). */
export const mappingImportSchema = z.object({
  rows: z.array(fieldMappingRowSchema),
  skipped: z.array(skippedMappingRowSchema),
  /** All rows left out, listed or not. */
  skippedTotal: z.number().int().nonnegative(),
})
export type MappingImport = z.infer<typeof mappingImportSchema>

/**
 * Ours, beside part 2 §7's upload: the same workbook read the same way, answered as the rows
 * and the rows left out with their reasons (a header, one name empty, a repeated pair), so the
 * console's import preview can show what was skipped. The spec's upload answers only the rows.
 */
export const fieldMappingExcelPreview = defineEndpoint({
  ...base,
  id: 'datahub.file.preview.fieldMappingExcel',
  method: 'POST',
  path: '/file/preview/fieldMappingExcel',
  upload: true,
  input: z.object({ file: uploadedFileSchema }),
  output: mappingImportSchema,
})

/** Part 2 §7: the .xlsx template (header row and one example row), in the caller's language. */
export const downloadFieldMappingTemplate = defineEndpoint({
  ...base,
  id: 'datahub.file.downloadFieldMappingTemplate',
  method: 'GET',
  path: '/file/downloadFieldMappingTemplate',
  download: true,
  input: z.object({}).optional(),
  output: downloadedFileSchema,
})

/** Field-mapping Excel upload and template download. */
export const mappingFileEndpoints = {
  [fieldMappingExcelUpload.id]: fieldMappingExcelUpload,
  [fieldMappingExcelPreview.id]: fieldMappingExcelPreview,
  [downloadFieldMappingTemplate.id]: downloadFieldMappingTemplate,
} satisfies Record<string, Endpoint>
