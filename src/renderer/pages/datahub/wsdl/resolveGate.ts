import type { WsdlFields } from './wsdlSelection'

/**
 * Saving a webservice producer or consumer needs a successful resolve of the WSDL address the
 * form shows (issue 24): otherwise the operation, namespace, port and parameters saved may be
 * another WSDL's. The editor keeps, inside the sub-model and never sent to the hub, the address
 * the shown operation came from (RESOLVED_FROM):
 * - a stored record opened: its stored address. It was resolved when it was saved, so a record
 *   opened and saved unchanged (or with only other fields changed) needs no new resolve, and an
 *   unreachable WSDL does not lock an existing producer's remark or schedule;
 * - a successful resolve: the address resolved;
 * - a failed resolve: nothing (and what came from the previous resolve is cleared, see
 *   clearedAfterFailure), so the save asks for a resolve;
 * - typing another address leaves it as it was: the save is refused ("resolve again") until
 *   that address is resolved, or the address is set back to the one the operation came from.
 */
export const RESOLVED_FROM = 'wsdlResolvedFrom' satisfies keyof WsdlFields

type Loose = Record<string, unknown>

const trimmed = (v: unknown): string => (typeof v === 'string' ? v.trim() : '')

/** A stored sub-model as the editor loads it: its address counts as resolved. */
export const asStored = <M extends Loose | null | undefined>(model: M): M =>
  (model ? { ...model, [RESOLVED_FROM]: trimmed(model.wsdlUrl) } : model) as M

/**
 * Why the sub-model cannot be saved as it is (a message key for the address field), or null.
 * An empty address is left to the required-field rule.
 */
export function resolveGateIssue(model: Loose | null | undefined): string | null {
  const url = trimmed(model?.wsdlUrl)
  if (!model || !url) return null
  const from = trimmed(model[RESOLVED_FROM])
  if (from === url) return null
  return from ? 'msg_wsdl_resolve_again' : 'msg_wsdl_resolve_first'
}

/** What is sent: the sub-model without the editor's mark. */
export function withoutResolveMark<M extends Loose>(model: M): M {
  if (!(RESOLVED_FROM in model)) return model
  const { [RESOLVED_FROM]: _mark, ...rest } = model
  return rest as M
}
