import { messagePropertiesSchema, type MessageProperties } from '../../../shared/contract/datahub/messageProperties'
import { parseExact, stringifyExact } from '../json/exact'

/**
 * A message's properties as dh_messages.properties keeps them (migration 0027): JSON text, null
 * when the message brought none. Written and read through json/exact.ts, as every message JSON is.
 */
export function propertiesText(properties: MessageProperties | null | undefined): string | null {
  if (!properties || Object.keys(properties).length === 0) return null
  return stringifyExact(properties)
}

/**
 * The stored properties back. A text this hub did not write in that shape (hand-edited, or from
 * a later hub) reads as none rather than failing the message's delivery or its log entry.
 */
export function propertiesOf(text: string | null | undefined): MessageProperties | null {
  if (!text) return null
  try {
    const read = messagePropertiesSchema.safeParse(parseExact(text))
    return read.success ? read.data : null
  } catch {
    return null
  }
}
