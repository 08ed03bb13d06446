import { z } from 'zod'
import { optionalText, textRule } from '../status'

/**
 * Email templates (spec part 2 §5: template code 1-20, message template names 2-20; duplicate
 * template refused). Subject and content carry placeholders written `{{name}}`, filled when a
 * mail is sent; a name is letters, digits, underscore and dots (`{{user.name}}`), starting with
 * a letter or underscore. An unclosed or empty placeholder is refused at save, not at sending.
 */
export const TEMPLATE_CODE_PATTERN = /^[A-Za-z0-9_-]+$/
export const SUBJECT_MAX = 200
export const CONTENT_MAX = 10_000
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g
const NAME = /^[A-Za-z_][A-Za-z0-9_.]*$/

/** Placeholder names in order of first appearance, or null when one is malformed. */
export function placeholdersOf(text: string): string[] | null {
  const names: string[] = []
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1]!.trim()
    if (!NAME.test(name)) return null
    if (!names.includes(name)) names.push(name)
  }
  const rest = text.replace(PLACEHOLDER, '')
  return rest.includes('{{') || rest.includes('}}') ? null : names
}

const withPlaceholders = (max: number, required: string, length: string) =>
  z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .max(max, { error: length, abort: true })
    .refine((v) => v.trim() !== '', required)
    .refine((v) => placeholdersOf(v) !== null, 'msg_email_template_placeholder_rule')

export const emailTemplateRuleShape = {
  code: textRule({ max: 20, required: 'msg_email_template_code_required', length: 'msg_email_template_code_rule', pattern: TEMPLATE_CODE_PATTERN }),
  name: textRule({ min: 2, max: 20, required: 'msg_email_template_name_required', length: 'msg_email_template_name_rule' }),
  subject: withPlaceholders(SUBJECT_MAX, 'msg_email_template_subject_required', 'msg_email_template_subject_rule'),
  content: withPlaceholders(CONTENT_MAX, 'msg_email_template_content_required', 'msg_email_template_content_rule'),
  remark: optionalText(255, 'msg_remark_length'),
}
export const emailTemplateFormSchema = z.object(emailTemplateRuleShape)
