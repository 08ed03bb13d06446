import type { ZipLimits } from './zipParts'

/**
 * Why an uploaded workbook was refused: a message key of messages.consumer.json (the keys were
 * first written for the field-mapping upload; every workbook upload of the hub answers with
 * them), with its parameters.
 */
export class ExcelRefused extends Error {
  override name = 'ExcelRefused'
  constructor(
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey)
  }
}

/** What an upload may unpack to, and how many rows of its first sheet are read at most. */
export interface WorkbookLimits extends ZipLimits {
  /** Rows besides a header; the parse reads one more than that, to recognise a longer sheet. */
  maxRows: number
}
