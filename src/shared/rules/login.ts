import { z } from 'zod'

/** Login form, spec part 1 §5: both trimmed, both required, messages by translation key. */
export const loginFormSchema = z.object({
  username: z.string().trim().min(1, 'msg_login_username').max(64, 'msg_login_username'),
  password: z.string().trim().min(1, 'msg_login_password').max(128, 'msg_login_password'),
})
export type LoginForm = z.infer<typeof loginFormSchema>
