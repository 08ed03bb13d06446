import { ResultCode, type ResultCodeValue } from '../../shared/envelope'
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

/** Refusals that say the workbook is too big ('4130'); the others are invalid input ('4001'). */
const TOO_LARGE_KEYS: readonly string[] = ['msg_mapping_excel_unpacked_size', 'msg_mapping_excel_entries', 'msg_mapping_excel_rows', 'msg_excel_producer_size', 'msg_excel_producer_rows']

/** The answer code of a workbook upload refused with `messageKey`. */
export const refusalCodeOf = (messageKey: string): ResultCodeValue => (TOO_LARGE_KEYS.includes(messageKey) ? ResultCode.tooLarge : ResultCode.validation)
