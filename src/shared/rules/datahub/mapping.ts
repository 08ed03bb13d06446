import { z } from 'zod'

/** One row of a consumer's field mapping (part 2 §3): stream field → target field. */
export const fieldMappingRowSchema = z.object({
  sourceFieldName: z.string({ error: 'msg_field_required' }).trim().min(1, 'msg_field_required'),
  targetFieldName: z.string({ error: 'msg_field_required' }).trim().min(1, 'msg_field_required'),
})
export type FieldMappingRow = z.output<typeof fieldMappingRowSchema>

const rowsSchema = z.array(fieldMappingRowSchema)

/** Rows of a fieldMappings text; empty text means none. Null when the text is no mapping list. */
export function parseFieldMappings(text: string): FieldMappingRow[] | null {
  if (text.trim() === '') return []
  try {
    const parsed = rowsSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export const serialiseFieldMappings = (rows: readonly FieldMappingRow[]): string => JSON.stringify(rows)

/** Part 2 §4: the mapping table travels as JSON text under the name fieldMappings. */
export const fieldMappingsRule = z
  .string()
  .default('')
  .refine((t) => parseFieldMappings(t) !== null, 'msg_field_mappings_invalid')

