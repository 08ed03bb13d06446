import type { FastifyRequest } from 'fastify'
import { translateMessage } from '../../../locales'
import { ResultCode, type Envelope, type ValidationData } from '../../shared/envelope'
import { localeFromAcceptLanguage, type Locale } from '../../shared/locale'
import type { FieldKey, Refusal } from '../kernel/refusal'

/** The caller's language, from Accept-Language (the console sends its current locale). */
export const requestLocale = (request: FastifyRequest): Locale => localeFromAcceptLanguage(request.headers['accept-language'])

export function envelope<T>(locale: Locale, code: string, messageKey: string, data: T | null = null, params: Record<string, string | number> = {}): Envelope<T> {
  return { code, message: translateMessage(locale, messageKey, params), data }
}

export const success = <T>(locale: Locale, data: T | null, messageKey = 'msg_success'): Envelope<T> =>
  envelope(locale, ResultCode.success, messageKey, data)

export const validationData = (locale: Locale, fields: FieldKey[]): ValidationData => ({
  fields: fields.map((f) => ({ ...f, message: translateMessage(locale, f.key) })),
})

export function refusalEnvelope(locale: Locale, refusal: Refusal): Envelope<ValidationData> {
  const data = refusal.fields ? validationData(locale, refusal.fields) : null
  return envelope(locale, refusal.code, refusal.messageKey, data, refusal.params)
}
