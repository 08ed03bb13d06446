import type { z } from 'zod'
import { bundledMessages } from '../../../locales'
import { ResultCode } from '../../shared/envelope'
import { Refusal, type FieldKey } from '../kernel/refusal'

const messageKeys = new Set(Object.keys(bundledMessages['zh-CN'].messages))

/**
 * Our schemas carry message keys as their messages ('msg_login_username'). A zod default text
 * ("Invalid input: expected string…") is no key: a missing value becomes msg_field_required,
 * anything else msg_field_invalid, so the console always has a key to translate.
 */
function keyOf(issue: z.core.$ZodIssue): string {
  if (messageKeys.has(issue.message)) return issue.message
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'msg_field_required'
  return 'msg_field_invalid'
}

function fieldKeys(error: z.ZodError): FieldKey[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), key: keyOf(issue) }))
}

/** The '4001' refusal for input that failed the contract's schema. */
export const validationRefusal = (error: z.ZodError): Refusal =>
  new Refusal(ResultCode.validation, 'msg_validation_failed', {}, fieldKeys(error))

/** A single field refused by a rule the schema cannot check (e.g. the old password). */
export const fieldRefusal = (path: string, key: string): Refusal =>
  new Refusal(ResultCode.validation, 'msg_validation_failed', {}, [{ path, key }])
