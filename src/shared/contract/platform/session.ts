import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { loginFormSchema } from '../../rules/login'
import { changePasswordSchema } from '../../rules/password'
import { themeColorSchema, USER_THEME_CHOICES } from '../../rules/theme'

/** Theme and locale kept per user (spec: preference JSON with theme and locale). */
export const preferenceSchema = z.object({
  /** 'default' takes the platform's theme.mode; 'system' follows the OS; 'light' / 'dark' force one. */
  theme: z.enum(USER_THEME_CHOICES).default('default'),
  /** The user's own theme colour; absent: the platform's theme.color. */
  themeColor: themeColorSchema.optional(),
  /** Wire code: 'cn' or 'en'. */
  locale: z.enum(['cn', 'en']).default('cn'),
})
export type Preference = z.infer<typeof preferenceSchema>

/** A change to some of the preference settings: no defaults, so what is absent stays as it is. */
export const preferencePatchSchema = z.object({
  theme: z.enum(USER_THEME_CHOICES).optional(),
  /** '' drops the user's own colour, so the platform's applies again. */
  themeColor: z.union([themeColorSchema, z.literal('')]).optional(),
  locale: z.enum(['cn', 'en']).optional(),
})
export type PreferencePatch = z.infer<typeof preferencePatchSchema>

export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  roles: z.array(z.string()),
  preference: preferenceSchema,
  /**
   * Not in the spec: present (true) while the password was chosen by someone else (a reset, an
   * administrator-created user). Every other session call is refused until the user changes it,
   * so the console shows the change step at once.
   */
  mustChangePassword: z.literal(true).optional(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

export const login = defineEndpoint({
  id: 'platform.login',
  method: 'POST',
  area: 'platform',
  path: '/login',
  access: 'public',
  session: 'issues',
  input: loginFormSchema,
  // `token` reaches the main process only: the proxy moves it into the vault.
  output: sessionUserSchema.extend({ token: z.string().optional() }),
})

export const logout = defineEndpoint({
  id: 'platform.logout',
  method: 'POST',
  area: 'platform',
  path: '/logout',
  access: 'session',
  session: 'revokes',
  input: z.object({}).optional(),
  output: z.null(),
})

export const me = defineEndpoint({
  id: 'platform.me',
  method: 'GET',
  area: 'platform',
  path: '/me/',
  access: 'session',
  input: z.object({}).optional(),
  output: sessionUserSchema,
})

export const getPreference = defineEndpoint({
  id: 'platform.me.getPreference',
  method: 'POST',
  area: 'platform',
  path: '/me/getPreference',
  access: 'session',
  input: z.object({}).optional(),
  output: preferenceSchema,
})

export const updateMe = defineEndpoint({
  id: 'platform.me.update',
  method: 'POST',
  area: 'platform',
  path: '/me/update',
  access: 'session',
  input: z.object({
    name: z.string().trim().min(1, 'msg_name_required').max(50, 'msg_name_length').optional(),
    avatar: z.string().max(500).nullable().optional(),
    preference: preferencePatchSchema.optional(),
  }),
  output: sessionUserSchema,
})

export const changePassword = defineEndpoint({
  id: 'platform.me.changePassword',
  method: 'POST',
  area: 'platform',
  path: '/me/changePassword',
  access: 'session',
  // A successful change revokes every session of the user, this one included.
  session: 'revokesOnSuccess',
  input: changePasswordSchema,
  output: z.null(),
})
