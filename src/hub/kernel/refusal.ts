import { ResultCode, type ResultCodeValue } from '../../shared/envelope'

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

type Params = Record<string, string | number>

/**
 * The two refusals every area names, as factories of one message key: a record the caller names
 * that is not there (4040), and a state that forbids the call (4090). Each area lists its own
 * (datahub/refusals.ts, platform/admin/refusals.ts …); the shape is written once, here.
 */
export const notFound = (key: string) => (params: Params = {}) => new Refusal(ResultCode.notFound, key, params)
export const conflict = (key: string) => (params: Params = {}) => new Refusal(ResultCode.conflict, key, params)
