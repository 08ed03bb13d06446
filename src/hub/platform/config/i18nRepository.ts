import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/config/i18n'
import { containsText } from '../../store/like'
import type { I18nMessagesTable } from '../../store/schema'
import { i18nDuplicate, i18nNotFound } from './refusals'
import { configRepository, type ConfigDb } from './tables'

const toMessage = (r: Selectable<I18nMessagesTable>): contract.I18nMessage => ({
  id: r.id,
  langCode: r.lang_code,
  messageKey: r.message_key,
  messageValue: r.message_value,
  origin: r.origin,
  updatedDate: r.updated_at,
})

const repository = configRepository({ table: 'i18n_messages', toRecord: toMessage, notFound: i18nNotFound, duplicate: i18nDuplicate })

/** Texts of the console: one per (language, key), answered as the contract's records. */
export const i18nRepository = {
  ...repository,

  /** A page of the texts matching the list's filters, by key then language. */
  list(db: ConfigDb, q: z.output<typeof contract.i18nQuery.input>) {
    let base = repository.from(db)
    if (q.key) base = base.where(containsText('message_key', q.key))
    if (q.language) base = base.where('lang_code', '=', q.language)
    if (q.value) base = base.where(containsText('message_value', q.value))
    return repository.page(base.selectAll().orderBy('message_key').orderBy('lang_code'), q)
  },

  /** Every text of these languages (none when no language is named). */
  async ofLanguages(db: ConfigDb, codes: readonly string[]) {
    if (codes.length === 0) return []
    return repository.from(db).select(['lang_code', 'message_key', 'message_value']).where('lang_code', 'in', codes).execute()
  },
}
