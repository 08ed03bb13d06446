import { z } from 'zod'
import { textRule } from '../status'
import { chars } from '../../patterns'

/**
 * Pieces the application-area rules share. Message keys are prefixed msg_apps_ so they never
 * collide with other areas' keys in the merged `messages` namespace.
 */

/** Spec part 2 §5: application code 3-50 English letters or digits (modules and groups use it too). */
export const CODE_MIN = 3
export const CODE_MAX = 50
export const CODE_PATTERN = chars(['letters', 'digits'], 1)
/** Spec: application name 3-50 English, digits or Chinese. */
export const NAME_PATTERN = chars(['letters', 'digits', 'chinese'], 1)

/** Spec: records are enabled ('1') or disabled ('0'), dictionary sys_status. */
export const ENABLED = '1'
export const DISABLED = '0'
export const ENABLED_DICTIONARY = 'sys_status'
export const enabledRule = z.enum([ENABLED, DISABLED], { error: 'msg_status_required' })

export const codeRule = (required: string, rule: string) => textRule({ min: CODE_MIN, max: CODE_MAX, required, length: rule, pattern: CODE_PATTERN })
export const nameRule = (required: string, rule: string) => textRule({ min: CODE_MIN, max: CODE_MAX, required, length: rule, pattern: NAME_PATTERN })

/** The application a module, API or group belongs to, by its (locked) code. */
export const appCodeRule = z.string({ error: 'msg_apps_app_required' }).trim().min(1, 'msg_apps_app_required').max(CODE_MAX, 'msg_apps_app_required')

/** Empty, or a value matching `pattern` (at most `max` characters). */
export const optionalMatching = (pattern: RegExp, key: string, max: number) =>
  z.string().trim().max(max, key).refine((v) => v === '' || pattern.test(v), key).default('')

/**
 * Whether `path` lies under `prefix` segment by segment: '/inner/user/x' is under '/inner/user',
 * '/inner/username' is not (a plain startsWith would let one route capture another's calls).
 */
export function underPrefix(path: string, prefix: string): boolean {
  const p = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix
  return path === p || path.startsWith(`${p}/`)
}
