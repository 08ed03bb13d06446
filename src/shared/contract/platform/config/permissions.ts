/** The seeded menu codes of these screens (src/hub/store/seed/menuTree.ts) guard their calls. */
export const DICTIONARY_TYPE_PERMISSION = 'platform:dictionaryType'
export const DICTIONARY_DATA_PERMISSION = 'platform:dictionaryData'
export const I18N_PERMISSION = 'platform:i18n'
export const LANG_TYPE_PERMISSION = 'platform:langType'
export const PARAMETER_PERMISSION = 'platform:parameter'
export const SKIN_PERMISSION = 'platform:skin'
