import { z } from 'zod'
import { isHttpUrl } from './patterns'

/**
 * A remote hub profile as the user types it. The session token is sent to this address, so
 * only http(s), and no credentials, query or fragment (they would leak into every request or
 * logs). A path prefix stays allowed (reverse proxies). Messages are translation keys.
 */
export const profileFormSchema = z.object({
  name: z.string().trim().min(1, 'msg_profile_name').max(50, 'msg_profile_name'),
  baseUrl: z
    .string()
    .trim()
    .max(1000, 'msg_profile_url')
    .refine((v) => isHttpUrl(v) && !/[?#]/.test(v), 'msg_profile_url')
    // One spelling per hub: the proxy joins paths to it.
    .transform((v) => v.replace(/\/+$/, '')),
})
export type ProfileForm = z.infer<typeof profileFormSchema>
