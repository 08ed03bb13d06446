import { z } from 'zod'
import { textRule } from '../status'
import { ENABLED, enabledRule, underPrefix } from './common'
import { isHttpUrl } from '../../patterns'

/**
 * Gateway routes (spec part 2 §3: path, prefix, target service, service type, auth type; §5:
 * an internal route's path starts with its prefix and the prefix with /inner; an external
 * route's path starts with /outer). "Starts with" is read segment by segment (see underPrefix).
 * Paths may end in the gateway wildcards '*' and '**'.
 */
export const INTERNAL_ROOT = '/inner'
export const EXTERNAL_ROOT = '/outer'
export const GATEWAY_PATH_PATTERN = /^\/[A-Za-z0-9/_.{}*-]*$/
/** A prefix is a plain path: wildcards belong to the route path. */
export const GATEWAY_PREFIX_PATTERN = /^\/[A-Za-z0-9/_.-]*$/
export const GATEWAY_PATH_MAX = 200
export const TARGET_MAX = 500

/** Chosen (the spec names the fields, not their values): how the target is reached. */
export const SERVICE_TYPES = ['http', 'webservice'] as const
/** Spec §9 "Authentication: static token, parsed token", plus none. */
export const AUTH_TYPES = ['none', 'staticToken', 'parsedToken'] as const

/** An http(s) URL without credentials: the service the gateway forwards to (zod parses it; shared has no URL global). */
export const isServiceUrl = isHttpUrl

/**
 * Whether a route path or prefix names plain segments only: '.' and '..' are refused at save, as
 * the gateway refuses them in a request (src/hub/platform/apps/gatewayPath.ts) — a route
 * '/inner/a/../b' would read as one path here and another to every URL parser on the way.
 * (The patterns above allow no '%', so no encoded dot gets this far.)
 */
export const hasNoDotSegment = (path: string): boolean => !path.split('/').some((s) => s === '.' || s === '..')

const pathRule = (required: string, rule: string, pattern = GATEWAY_PATH_PATTERN) =>
  textRule({ max: GATEWAY_PATH_MAX, required, length: rule, pattern }).refine(hasNoDotSegment, 'msg_apps_gateway_dot_segment_rule')

const commonShape = {
  targetService: z
    .string({ error: 'msg_apps_gateway_target_required' })
    .trim()
    .min(1, { error: 'msg_apps_gateway_target_required', abort: true })
    .max(TARGET_MAX, 'msg_apps_gateway_target_rule')
    .refine(isServiceUrl, 'msg_apps_gateway_target_rule'),
  serviceType: z.enum(SERVICE_TYPES, { error: 'msg_apps_gateway_service_type_required' }).default('http'),
  authType: z.enum(AUTH_TYPES, { error: 'msg_apps_gateway_auth_type_required' }).default('none'),
  status: enabledRule.default(ENABLED),
}

export const externalRuleShape = {
  path: pathRule('msg_apps_gateway_path_required', 'msg_apps_gateway_path_rule').refine((p) => underPrefix(p, EXTERNAL_ROOT), 'msg_apps_gateway_outer_rule'),
  ...commonShape,
}
export const externalFormSchema = z.object(externalRuleShape)

export const internalRuleShape = {
  path: pathRule('msg_apps_gateway_path_required', 'msg_apps_gateway_path_rule'),
  prefix: pathRule('msg_apps_gateway_prefix_required', 'msg_apps_gateway_prefix_rule', GATEWAY_PREFIX_PATTERN).refine((p) => underPrefix(p, INTERNAL_ROOT), 'msg_apps_gateway_inner_rule'),
  ...commonShape,
}
/** The path check needs the prefix, so it sits on the object (reported under `path`). */
export const withPrefixCheck = <T extends z.ZodType<{ path: string; prefix: string }>>(schema: T) =>
  schema.refine((r) => underPrefix(r.path, r.prefix), { path: ['path'], message: 'msg_apps_gateway_path_prefix_rule' })
export const internalFormSchema = withPrefixCheck(z.object(internalRuleShape))
