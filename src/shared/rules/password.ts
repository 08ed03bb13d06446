import { z } from 'zod'

/**
 * Password rule. The spec's two documents disagree ("5-20 characters", "at least 5" in one
 * place, "at least 8 with upper/lower case, digits, symbols" in others); the README says to take
 * the stricter reading, so: 8–20 characters with an upper-case letter, a lower-case letter, a
 * digit and a symbol.
 */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 20
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, 'msg_password_rule')
  .max(PASSWORD_MAX, 'msg_password_rule')
  // The login form trims what it sends, so a password with outer spaces could never be used.
  .refine((p) => p.trim() === p, 'msg_password_rule')
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[^A-Za-z0-9]/.test(p), 'msg_password_rule')

export const isStrongPassword = (p: string): boolean => passwordSchema.safeParse(p).success

export const changePasswordSchema = z
  .object({
    oldPassword: z.string().min(1, 'msg_password_old_required'),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, 'msg_password_confirm_required'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'msg_password_mismatch' })
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>
