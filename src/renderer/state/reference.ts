import type { DataVersions } from '../../shared/envelope'
import { dictionaryAll, i18nMessages, parameterListAll, type DictionaryEntry } from '../../shared/contract/platform/startup'
import { callHub, setErrorDetails } from '../api/hub'
import { i18n } from '../i18n'
import { mergeServerMessages } from '../i18n/serverMessages'
import { singleFlight } from './singleFlight'
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

/** Public: the login view already needs theme.color and error.log. Failures are only logged (spec). */
export const loadParameters = singleFlight(async () => {
  const r = await callHub(parameterListAll, undefined, { quiet: true })
  if (!r.ok) return
  const parameters = Object.fromEntries(r.data.map((p) => [p.parameterKey, p.parameterValue]))
  referenceStore.set({ parameters })
  remember('param', r.versions)
  setErrorDetails(parameters['error.log'] === '1')
})

/** Needs a session; only status-1 entries reach the selects. */
export const loadDictionaries = singleFlight(async () => {
  const r = await callHub(dictionaryAll, undefined, { quiet: true })
  if (!r.ok) return
  referenceStore.set({ dictionaries: r.data.filter((d) => d.status === '1') })
  remember('dict', r.versions)
})

/**
 * The hub's texts over the bundled ones. The spec reloads the page when the language load fails;
 * here the bundled texts are always complete, so a failure is only logged (a reload would loop
 * while the hub is down).
 */
export const loadServerMessages = singleFlight(async () => {
  const r = await callHub(i18nMessages, undefined, { quiet: true })
  if (!r.ok) return
  mergeServerMessages(i18n, r.data.messages)
  referenceStore.set({ langSwitch: r.data.langSwitch })
  remember('lang', r.versions)
})

export const clearDictionaries = (): void => referenceStore.set({ dictionaries: [] })

/** Entries of one dictionary type, in their sort order. */
export const dictionaryOf = (entries: readonly DictionaryEntry[], dictType: string): DictionaryEntry[] =>
  entries.filter((d) => d.dictType === dictType).sort((a, b) => a.sort - b.sort)
