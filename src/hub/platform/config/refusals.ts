import { conflict, notFound } from '../../kernel/refusal'

/** Refusals of dictionaries, languages, texts and parameters: a code and a catalogue key. */

export const dictTypeNotFound = notFound('msg_dict_type_not_found')
export const dictDataNotFound = notFound('msg_dict_data_not_found')
export const langNotFound = notFound('msg_lang_not_found')
export const i18nNotFound = notFound('msg_i18n_not_found')
export const paramNotFound = notFound('msg_param_not_found')

export const dictTypeDuplicate = conflict('msg_dict_type_duplicate')
export const dictTypeLocked = conflict('msg_dict_type_locked')
export const dictDataDuplicate = conflict('msg_dict_data_duplicate')
export const langDuplicate = conflict('msg_lang_duplicate')
export const langDefaultDeactivate = conflict('msg_lang_default_deactivate')
export const langInactiveDefault = conflict('msg_lang_inactive_default')
export const i18nDuplicate = conflict('msg_i18n_duplicate')
export const paramDuplicate = conflict('msg_param_duplicate')
export const paramBuiltin = conflict('msg_param_builtin')

export { isUniqueViolation } from '../../datahub/refusals'
