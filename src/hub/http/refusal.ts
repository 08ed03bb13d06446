import type { ResultCodeValue } from '../../shared/envelope'

/** A field that failed a rule: its dotted path and the message key of the rule. */
export interface FieldKey {
  path: string
  key: string
}

/**
 * A refusal the caller caused (wrong password, invalid field, missing session…). Handlers throw
 * it; the registrar answers it as an envelope with HTTP 200 and the translated message. Anything
 * else thrown is a bug and becomes '5000'.
 */
export class Refusal extends Error {
  constructor(
    readonly code: ResultCodeValue,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    /** For '4001': the fields at fault; the answer carries them translated. */
    readonly fields: FieldKey[] | null = null,
  ) {
    super(messageKey)
    this.name = 'Refusal'
  }
}
