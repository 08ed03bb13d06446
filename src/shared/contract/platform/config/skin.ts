import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { themeColorSchema, themeModeSchema } from '../../../rules/theme'
import { SKIN_PERMISSION } from './permissions'

/** The platform's default look: what users who chose nothing of their own see (parameters theme.color, theme.mode). */
export const skinDefaultSchema = z.object({ themeColor: themeColorSchema, themeMode: themeModeSchema })
export type SkinDefault = z.infer<typeof skinDefaultSchema>

/**
 * 皮肤管理 as administrator: sets both parameters in one step (a colour without its mode, or the
 * other way round, would show a look nobody chose). Consoles read them with the parameters
 * (parameterListAll), refetched through the 'param' data version.
 */
export const skinSaveDefault = defineEndpoint({
  id: 'platform.skin.saveDefault',
  method: 'POST',
  area: 'platform',
  path: '/skin/saveDefault',
  access: 'session',
  permission: SKIN_PERMISSION,
  input: skinDefaultSchema,
  output: skinDefaultSchema,
})

export const skinEndpoints = { [skinSaveDefault.id]: skinSaveDefault }
