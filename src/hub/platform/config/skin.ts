import * as contract from '../../../shared/contract/platform/config/skin'
import { THEME_COLOR_PARAMETER, THEME_MODE_PARAMETER } from '../../../shared/rules/theme'
import { route } from '../../http/context'
import { bumpDataVersion } from '../../store/dataVersions'
import { isoNow } from '../../store/ids'
import { parameterRepository } from './parameterRepository'
import { configDb, hubDb } from './tables'

/** 皮肤管理's platform default: both parameters in one transaction, then the consoles refetch them. */
export const skinSaveDefault = route(contract.skinSaveDefault, async ({ themeColor, themeMode }, call) => {
  const db = configDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const at = isoNow()
    await parameterRepository.setBuiltIn(tx, THEME_COLOR_PARAMETER, themeColor.toUpperCase(), at)
    await parameterRepository.setBuiltIn(tx, THEME_MODE_PARAMETER, themeMode, at)
    await bumpDataVersion(hubDb(tx), 'param')
  })
  return { themeColor: themeColor.toUpperCase(), themeMode }
})
