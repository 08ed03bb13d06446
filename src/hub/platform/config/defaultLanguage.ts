import { isoNow } from '../../store/ids'
import { bumpDataVersion } from '../../store/dataVersions'
import { langTypeRepository } from './langTypeRepository'
import { parameterRepository } from './parameterRepository'
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
  const lang = await langTypeRepository.byCode(tx, code)
  if (!lang || lang.used !== '1' || lang.status !== '1') throw langInactiveDefault()
  const at = isoNow()
  await langTypeRepository.makeDefault(tx, lang.id, at)
  const named = await parameterRepository.setValue(tx, LOCALE_PARAMETER, code, at)
  await bumpDataVersion(hubDb(tx), 'lang')
  if (named) await bumpDataVersion(hubDb(tx), 'param')
  return lang.id
}
