import { z } from 'zod'
import * as contract from '../../../../shared/contract/platform/config/i18n'
import type { I18nMessage } from '../../../../shared/contract/platform/config/i18n'
import { langTypeQuery, type LangType } from '../../../../shared/contract/platform/config/langTypes'
import { I18N_PERMISSION } from '../../../../shared/contract/platform/config/permissions'
import { i18nRuleShape } from '../../../../shared/rules/platform/config/language'
import { MAX_PAGE_SIZE } from '../../../../shared/contract/paging'
import type { RemoteSource, ResourceDefinition } from '../../../admin/resource'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** The languages in use, as choices (texts may be prepared before a language is activated). */
const languages: RemoteSource = {
  endpoint: langTypeQuery,
  input: { pageNum: 1, pageSize: MAX_PAGE_SIZE },
  options: (data) => (data as { content: LangType[] }).content.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` })),
}

/**
 * The texts of the console and the hub ('namespace:key' per language). A saved text reaches
 * every console on its next answer: the language data version moves, consoles refetch /i18n
 * and merge it over their bundled texts, no rebuild needed.
 */
export const i18nResource: ResourceDefinition<I18nMessage> = {
  entity: 'config:i18n_entity',
  endpoints: { list: contract.i18nQuery, get: contract.i18nDetail, create: contract.i18nCreate, update: contract.i18nUpdate, remove: contract.i18nDelete },
  columns: [
    { key: 'messageKey', label: 'config:i18n_key', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'langCode', label: 'config:i18n_language', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'messageValue', label: 'config:i18n_value', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'origin', label: 'config:i18n_origin', minWidth: COLUMN_MIN_WIDTH.short, render: (row) => row.origin },
    { key: 'updatedDate', label: 'admin:updated_date', kind: 'date' },
  ],
  filters: [
    { name: 'key', label: 'config:i18n_key', widget: 'text' },
    { name: 'language', label: 'config:i18n_language', widget: 'text' },
    { name: 'value', label: 'config:i18n_value', widget: 'text' },
  ],
  fields: [
    { name: 'langCode', label: 'config:i18n_language', widget: 'remoteSelect', remote: languages, required: true },
    { name: 'messageKey', label: 'config:i18n_key', widget: 'text', required: true, hint: 'config:i18n_key_hint' },
    { name: 'messageValue', label: 'config:i18n_value', widget: 'textarea', required: true },
  ],
  rules: { create: z.object(i18nRuleShape) },
  toForm: (row) => ({ langCode: row?.langCode ?? '', messageKey: row?.messageKey ?? '', messageValue: row?.messageValue ?? '' }),
  toInput: (values, row) => (row ? { ...values, id: row.id } : values),
  permissions: { create: I18N_PERMISSION, update: I18N_PERMISSION, remove: I18N_PERMISSION },
}
