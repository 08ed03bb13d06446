import { isoNow } from '../../store/ids'
import { bumpDataVersion } from '../../store/dataVersions'
import { langInactiveDefault } from './refusals'
import { hubDb, type ConfigDb } from './tables'

/** The parameter that names the default language (spec §3: lang.locale). */
export const LOCALE_PARAMETER = 'lang.locale'

/**
 * Makes `code` the one default language, keeping the language types and the lang.locale
 * parameter in step whichever screen changed it: exactly one type is default, and the parameter
 * names it. Only a used and active language can be the default. Runs inside the caller's
 * transaction and moves both data versions it touches.
 */
export async function makeDefaultLanguage(tx: ConfigDb, code: string): Promise<string> {
  const lang = await tx.selectFrom('lang_types').select(['id', 'used', 'status']).where('code', '=', code).executeTakeFirst()
  if (!lang || lang.used !== '1' || lang.status !== '1') throw langInactiveDefault()
  const at = isoNow()
  await tx.updateTable('lang_types').set({ is_default: '0', updated_at: at }).where('is_default', '=', '1').where('id', '!=', lang.id).execute()
  await tx.updateTable('lang_types').set({ is_default: '1', updated_at: at }).where('id', '=', lang.id).execute()
  const param = await tx.updateTable('parameters').set({ parameter_value: code, updated_at: at }).where('parameter_key', '=', LOCALE_PARAMETER).where('parameter_value', '!=', code).executeTakeFirst()
  await bumpDataVersion(hubDb(tx), 'lang')
  if (Number(param.numUpdatedRows) > 0) await bumpDataVersion(hubDb(tx), 'param')
  return lang.id
}
