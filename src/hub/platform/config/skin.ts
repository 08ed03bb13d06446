import * as contract from '../../../shared/contract/platform/config/skin'
import { THEME_COLOR_PARAMETER, THEME_MODE_PARAMETER } from '../../../shared/rules/theme'
import { route } from '../../http/context'
import { bumpDataVersion } from '../../store/dataVersions'
import { isoNow, seedId } from '../../store/ids'
import { parameterSeeds } from '../../store/seed/parameters'
import { configDb, hubDb, type ConfigDb } from './tables'

/** Sets one built-in parameter's value; puts its seeded row back first if someone's store lacks it. */
async function setParameter(tx: ConfigDb, key: string, value: string, at: string): Promise<void> {
  const seed = parameterSeeds.find((p) => p.key === key)!
  await tx
    .insertInto('parameters')
    .values({ id: seedId('parameter', key), parameter_key: key, parameter_name: seed.name, parameter_name_en: seed.nameEn, parameter_value: value, app_code: 'common', created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('parameter_key').doUpdateSet({ parameter_value: value, updated_at: at }))
    .execute()
}

/** 皮肤管理's platform default: both parameters in one transaction, then the consoles refetch them. */
export const skinSaveDefault = route(contract.skinSaveDefault, async ({ themeColor, themeMode }, call) => {
  const db = configDb(call.hub.store.db)
  await db.transaction().execute(async (tx) => {
    const at = isoNow()
    await setParameter(tx, THEME_COLOR_PARAMETER, themeColor.toUpperCase(), at)
    await setParameter(tx, THEME_MODE_PARAMETER, themeMode, at)
    await bumpDataVersion(hubDb(tx), 'param')
  })
  return { themeColor: themeColor.toUpperCase(), themeMode }
})
