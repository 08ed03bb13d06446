import { z } from 'zod'
import { flagRule, remarkRule, requiredText } from './common'
import { orEmpty, positiveInteger } from '../patterns'

/**
 * API authentication methods (spec part 1 §3, part 2 §5 and §9). An application's method is
 * chosen by name in producer (serverApi, serverApiWS) and http consumer forms.
 *
 * Part 2 §9 names two kinds: '1' static token (a fixed secret sent in a header) and '2' parsed
 * token (fetched from a token API and read out of its answer). Part 2 §5: "Auth token status
 * code 1-10 digits; token parse level 1-255" — the status code the token API answers on success,
 * and the path (JsonPath) of the token in that answer, 1–255 characters.
 */
export const AUTHEN_TYPES = ['1', '2'] as const
export const AUTHEN_STATIC = '1'
export const AUTHEN_PARSED = '2'
export const TOKEN_METHODS = ['GET', 'POST'] as const

export const authenticationRuleShape = {
  appCode: requiredText('msg_app_code_required', 50, 'msg_app_code_length'),
  appName: z.string().max(200, 'msg_field_invalid').default(''),
  authenName: requiredText('msg_authen_name_required', 50, 'msg_authen_name_length'),
  authenType: z.enum(AUTHEN_TYPES, { error: 'msg_authen_type_required' }).default(AUTHEN_STATIC),
  /** Header the token travels in. */
  tokenKey: z.string().trim().max(100, 'msg_field_invalid').default('Authorization'),
  /** Static token; write-only (answers carry it empty), empty on update keeps the stored one. */
  tokenValue: z.string().max(2000, 'msg_field_invalid').default(''),
  tokenUrl: z.string().trim().max(1000, 'msg_authen_url_length').default(''),
  tokenMethod: z.enum(TOKEN_METHODS, { error: 'msg_field_invalid' }).default('POST'),
  tokenParams: z.string().max(1000, 'msg_authen_params_length').default(''),
  tokenStatusCode: z.string().trim().regex(/^(|\d{1,10})$/, 'msg_authen_status_code_rule').default(''),
  tokenParseLevel: z.string().trim().max(255, 'msg_authen_parse_level_rule').default(''),
  /** Seconds a fetched token stays valid; empty: fetch for every call. */
  tokenValidity: z.string().trim().regex(orEmpty(positiveInteger(10)), 'msg_positive_integer').default(''),
  status: flagRule('msg_status_required').default('1'),
  remark: remarkRule,
}

export interface AuthenticationFields {
  authenType: string
  tokenUrl: string
  tokenStatusCode: string
  tokenParseLevel: string
}

/** A parsed token needs its API, the success status code and where the token is. */
export function checkAuthentication(v: AuthenticationFields, ctx: z.RefinementCtx): void {
  if (v.authenType !== AUTHEN_PARSED) return
  if (v.tokenUrl === '') ctx.addIssue({ code: 'custom', path: ['tokenUrl'], message: 'msg_authen_url_required', input: '' })
  if (v.tokenStatusCode === '') ctx.addIssue({ code: 'custom', path: ['tokenStatusCode'], message: 'msg_authen_status_code_rule', input: '' })
  if (v.tokenParseLevel === '') ctx.addIssue({ code: 'custom', path: ['tokenParseLevel'], message: 'msg_authen_parse_level_rule', input: '' })
}
