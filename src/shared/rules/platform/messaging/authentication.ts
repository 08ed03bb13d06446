import { z } from 'zod'
import { authenticationRuleShape, checkAuthentication, AUTHEN_STATIC } from '../../datahub/dataSourceAuthentication'
import { requiredText } from '../../datahub/common'
import { optionalText, textRule } from '../status'
import { wholeNumber, yesNo } from './common'
import { chars } from '../../patterns'

/**
 * System authentication (spec part 2 §7 /sysauthentication): how an outside system proves who it
 * is when it calls the platform. Fields: application code (spec §5: 3-50 letters or digits),
 * name, token kind (§9: static token, parsed token), token validity in seconds, status.
 *
 * The secret is made by the hub (never typed), shown once in the answer of create and
 * /updateSecret, and stored as a SHA-256 hash, which is what a presented secret is compared
 * with. A slow password hash is not needed: the secret is 256 random bits, not a guessable
 * password. Since single sign-on (migration 0021) the hub also keeps it encrypted with its
 * secret key: a signed application token is an HMAC keyed by the secret, which a digest
 * cannot check (hub: auth/sso/appToken.ts).
 */
export const TOKEN_TYPES = ['1', '2'] as const
export const TOKEN_STATIC = '1'
export const TOKEN_PARSED = '2'
export const APP_CODE_PATTERN = chars(['letters', 'digits'], 1)
/** Token validity: whole seconds, at most 9 digits (about 31 years). */
export const VALIDITY_MAX = 999_999_999
export const REMARK_MAX = 255

export const sysAuthRuleShape = {
  appCode: textRule({ min: 3, max: 50, required: 'msg_sysauth_app_code_required', length: 'msg_sysauth_app_code_rule', pattern: APP_CODE_PATTERN }),
  name: textRule({ max: 50, required: 'msg_sysauth_name_required', length: 'msg_sysauth_name_rule' }),
  tokenType: z.enum(TOKEN_TYPES, { error: 'msg_sysauth_token_type_required' }).default(TOKEN_STATIC),
  /** 0 (empty) means the token does not expire; a parsed token must say how long it lives. */
  tokenValidity: wholeNumber({ min: 0, max: VALIDITY_MAX, key: 'msg_sysauth_validity_rule', empty: 0 }).default(0),
  status: yesNo('msg_status_required').default('1'),
  remark: optionalText(REMARK_MAX, 'msg_remark_length'),
  /** Its signed SSO tokens may sign in administrators; absent keeps the stored value ('0' for a new one). Administrators only. */
  adminSignIn: yesNo('msg_field_invalid').optional(),
}

/** A parsed token is issued for a while: its validity is required. */
export function checkSysAuth(v: { tokenType: string; tokenValidity: number }, ctx: z.RefinementCtx): void {
  if (v.tokenType === TOKEN_PARSED && v.tokenValidity <= 0) ctx.addIssue({ code: 'custom', path: ['tokenValidity'], message: 'msg_sysauth_validity_required', input: v.tokenValidity })
}
export const sysAuthFormSchema = z.object(sysAuthRuleShape).superRefine(checkSysAuth)

/**
 * Platform authentication (/pfauthentication): how the platform authenticates to an outside
 * API — the data hub's API-authentication method without its application. The same fields and
 * rules (spec §5: token status code 1-10 digits, token parse level 1-255 characters, the path
 * of the token in the token API's answer), the same messages, so one reading serves both.
 * The static token is kept encrypted: the hub must send it later.
 */
const { appCode: _appCode, appName: _appName, authenName: _authenName, ...methodShape } = authenticationRuleShape
export const pfAuthRuleShape = {
  authenName: requiredText('msg_authen_name_required', 50, 'msg_authen_name_length'),
  ...methodShape,
}

/** Create: a static token needs its value (on update an empty value keeps the stored one). */
export function checkPfAuthCreate(v: { authenType: string; tokenValue: string; tokenUrl: string; tokenStatusCode: string; tokenParseLevel: string }, ctx: z.RefinementCtx): void {
  checkAuthentication(v, ctx)
  if (v.authenType === AUTHEN_STATIC && v.tokenValue.trim() === '') ctx.addIssue({ code: 'custom', path: ['tokenValue'], message: 'msg_pfauth_token_required', input: '' })
}
export const pfAuthCreateSchema = z.object(pfAuthRuleShape).superRefine(checkPfAuthCreate)
export const pfAuthUpdateSchema = z.object(pfAuthRuleShape).superRefine(checkAuthentication)
