import { translateMessage } from '../../../../locales'
import { WARNING_NOTES, type StepError, type StepNote } from '../../../shared/contract/datahub/simulate'
import type { Locale } from '../../../shared/locale'
import { Refusal } from '../../kernel/refusal'
import { DeliveryError } from '../../kernel/deliveryError'
import { EngineError } from '../engines/payload'
import { renderText } from '../../text/keyedText'

/** A step's outcome, as every step of the simulation answers it. */
export interface StepOutcome {
  status: 'ok' | 'warning' | 'failed' | 'skipped'
  error: StepError | null
  notes: StepNote[]
}

/** A step that ran: a warning when one of its notes says the real message would come to nothing here. */
export const ran = (notes: StepNote[] = []): StepOutcome => ({ status: notes.some((n) => WARNING_NOTES.includes(n)) ? 'warning' : 'ok', error: null, notes })
export const skipped = (notes: StepNote[] = []): StepOutcome => ({ status: 'skipped', error: null, notes })

/**
 * A step that stopped: the error as the runtime would have said it — a refusal in the caller's
 * language (as a push is answered), a delivery or engine error as the delivery log says it — with
 * the script line when a JavaScript error named one. Anything else is a bug and is thrown on.
 */
export function failed(err: unknown, locale: Locale, notes: StepNote[] = []): StepOutcome {
  return { status: 'failed', error: stepError(err, locale), notes }
}

function stepError(err: unknown, locale: Locale): StepError {
  const line = lineOf(err)
  const withLine = (message: string): StepError => (line === undefined ? { message } : { message, line })
  if (err instanceof Refusal) return withLine(translateMessage(locale, err.messageKey, err.params))
  if (err instanceof DeliveryError) return withLine(renderText(locale, err.text))
  if (err instanceof EngineError) return withLine(err.message)
  throw err
}

/** The line an engine error (or the one a refusal or delivery error was made from) names. */
function lineOf(err: unknown): number | undefined {
  if (err instanceof EngineError && err.line !== undefined) return err.line
  const cause = (err as { cause?: unknown } | null)?.cause
  return cause instanceof EngineError ? cause.line : undefined
}
