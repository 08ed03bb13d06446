import type { DataVersions } from '../../shared/envelope'
import { dictionaryAll, i18nMessages, parameterListAll, type DictionaryEntry } from '../../shared/contract/platform/startup'
import { callHub, setErrorDetails } from '../api/hub'
import { i18n } from '../i18n'
import { mergeServerMessages } from '../i18n/serverMessages'
import { singleFlight } from './singleFlight'
import { languageLoaded, onLanguageLoadFailed } from './languageFailure'
import { CACHE_NAMES, readCache, writeCache, type Cached } from './localCache'
import { createStore } from './store'

/**
 * The three cached data sets of the spec (languages, dictionaries, parameters) and the version
 * of each that the console holds. Versions come from the very answer that carried the data, so
 * a 'data.versions' event can tell exactly which set moved (state/versions.ts).
 */
export interface ReferenceState {
  parameters: Readonly<Record<string, string>>
  dictionaries: readonly DictionaryEntry[]
  versions: Partial<DataVersions>
  /** From `platform.i18n`: '1' when two or more languages are active (the switch shows); null until known. */
  langSwitch: string | null
}

export const referenceStore = createStore<ReferenceState>({ parameters: {}, dictionaries: [], versions: {}, langSwitch: null })

const remember = (kind: keyof DataVersions, versions: DataVersions | undefined): void => {
  if (versions) referenceStore.set((s) => ({ ...s, versions: { ...s.versions, [kind]: versions[kind] } }))
}

type ParameterRow = { parameterKey: string; parameterValue: string }
type ServerTexts = { messages: Record<string, Record<string, string>>; langSwitch: string }

const applyParameters = (rows: readonly ParameterRow[]): void => {
  const parameters = Object.fromEntries(rows.map((p) => [p.parameterKey, p.parameterValue]))
  referenceStore.set({ parameters })
  setErrorDetails(parameters['error.log'] === '1')
}
const applyDictionaries = (entries: readonly DictionaryEntry[]): void => referenceStore.set({ dictionaries: entries.filter((d) => d.status === '1') })
const applyServerTexts = (texts: ServerTexts): void => {
  mergeServerMessages(i18n, texts.messages)
  referenceStore.set({ langSwitch: texts.langSwitch })
}

/** Public: the login view already needs theme.color and error.log. Failures are only logged (spec). */
export const loadParameters = singleFlight(async () => {
  const r = await callHub(parameterListAll, undefined, { quiet: true })
  if (!r.ok) return
  applyParameters(r.data)
  remember('param', r.versions)
  writeCache(CACHE_NAMES.param, r.versions?.param, r.data)
})

/** Needs a session; only status-1 entries reach the selects. */
export const loadDictionaries = singleFlight(async () => {
  const r = await callHub(dictionaryAll, undefined, { quiet: true })
  if (!r.ok) return
  applyDictionaries(r.data)
  remember('dict', r.versions)
  writeCache(CACHE_NAMES.dict, r.versions?.dict, r.data)
})

/**
 * The hub's texts over the bundled ones. A failed load clears stored state and reloads, as the
 * spec says, unless the hub is out of reach (languageFailure.ts).
 */
export const loadServerMessages = singleFlight(async () => {
  const r = await callHub(i18nMessages, undefined, { quiet: true })
  if (!r.ok) {
    onLanguageLoadFailed(r)
    return
  }
  applyServerTexts(r.data)
  languageLoaded()
  remember('lang', r.versions)
  writeCache(CACHE_NAMES.lang, r.versions?.lang, r.data)
})

/**
 * What the last start left in the local caches, applied before any hub answer. Returns the sets
 * restored; their versions become the ones the console holds, so a hub answer refetches a set
 * only when its version differs (versions.ts).
 */
export function restoreCachedReference(): Record<keyof DataVersions, boolean> {
  const param = readCache<ParameterRow[]>(CACHE_NAMES.param)
  const dict = readCache<DictionaryEntry[]>(CACHE_NAMES.dict)
  const lang = readCache<ServerTexts>(CACHE_NAMES.lang)
  try {
    if (param) applyParameters(param.data)
    if (dict) applyDictionaries(dict.data)
    if (lang) applyServerTexts(lang.data)
  } catch (e) {
    // A cache of another shape (written by hand, or by a console with other types): the hub's answer will do.
    console.warn('[cache] a cached set could not be applied', e)
    return { param: false, dict: false, lang: false }
  }
  referenceStore.set((s) => ({
    ...s,
    versions: { ...s.versions, ...(param ? { param: param.version } : {}), ...(dict ? { dict: dict.version } : {}), ...(lang ? { lang: lang.version } : {}) },
  }))
  return { param: param !== null, dict: dict !== null, lang: lang !== null }
}

/**
 * At sign-in: parameters and dictionaries from the cache when the hub's answer (`versions`, from
 * the sign-in's own call) reports the version cached, from the hub otherwise.
 */
export async function ensureSignedInReference(versions: DataVersions | undefined): Promise<void> {
  const param = readCache<ParameterRow[]>(CACHE_NAMES.param)
  const dict = readCache<DictionaryEntry[]>(CACHE_NAMES.dict)
  const current = <T>(c: Cached<T> | null, kind: keyof DataVersions): c is Cached<T> => c !== null && versions !== undefined && versions[kind] === c.version
  await Promise.all([
    current(param, 'param') ? (applyParameters(param.data), remember('param', versions)) : loadParameters(),
    current(dict, 'dict') ? (applyDictionaries(dict.data), remember('dict', versions)) : loadDictionaries(),
  ])
}

export const clearDictionaries = (): void => referenceStore.set({ dictionaries: [] })

/** Entries of one dictionary type, in their sort order. */
export const dictionaryOf = (entries: readonly DictionaryEntry[], dictType: string): DictionaryEntry[] =>
  entries.filter((d) => d.dictType === dictType).sort((a, b) => a.sort - b.sort)
