import { translateMessage } from '../../../../../locales'
import {
  SERVER_API_WS as WS,
  SERVER_API_WS_FAULT_FIELDS,
  SERVER_API_WS_RESPONSE_FIELDS,
  type SoapField,
} from '../../../../shared/contract/datahub/serverApiWs'
import type { ServerApiOutput } from '../../../../shared/contract/datahub/runtime'
import { ResultCode } from '../../../../shared/envelope'
import type { Locale } from '../../../../shared/locale'
import type { Refusal } from '../../../kernel/refusal'
import { envelopeText } from '../../soap/envelope'
import { SOAP_MEDIA_TYPE, type SoapVersion } from '../../soap/versions'
import { escapeAttribute, escapeText } from '../../soap/xmlText'
import { MUST_UNDERSTAND_KEY } from './request'

/** What the service answers: HTTP status, content type and the envelope. */
export interface SoapAnswer {
  status: number
  contentType: string
  body: string
}

type Values = Partial<Record<string, string | number | readonly string[]>>

/** An element of the service's namespace with the fields the contract lists, in its order (an array repeats the field). */
function element(name: string, spec: readonly SoapField[], values: Values): string {
  const fields = spec.flatMap((f) => {
    const value = values[f.name]
    if (value === undefined) return []
    return (Array.isArray(value) ? value : [value]).map((v: string | number) => `<dh:${f.name}>${escapeText(String(v))}</dh:${f.name}>`)
  })
  return `<dh:${name} xmlns:dh="${escapeAttribute(WS.namespace)}">${fields.join('')}</dh:${name}>`
}

const answer = (version: SoapVersion, status: number, body: string): SoapAnswer => ({
  status,
  contentType: `${SOAP_MEDIA_TYPE[version]}; charset=utf-8`,
  body: envelopeText(version, body),
})

/** The message stored: the response element with code, message and producerServerApi's output. */
export function successAnswer(version: SoapVersion, locale: Locale, output: ServerApiOutput): SoapAnswer {
  const values = { code: ResultCode.success, message: translateMessage(locale, 'msg_success'), ...output }
  return answer(version, 200, element(WS.responseElement, SERVER_API_WS_RESPONSE_FIELDS, values))
}

/** The refusal's message; a '4001' of the input schema says what is wrong with each field. */
function refusalText(locale: Locale, refusal: Refusal): string {
  if (refusal.fields && refusal.fields.length > 0) return refusal.fields.map((f) => translateMessage(locale, f.key)).join('; ')
  return translateMessage(locale, refusal.messageKey, refusal.params)
}

/**
 * Who is at fault, in SOAP's words: the hub's state or configuration ('4090': a disabled topic
 * or producer) and failures inside it are the receiver's, which may pass later without a change
 * to the message; anything else is the sender's.
 */
function faultCode(refusal: Refusal): 'MustUnderstand' | 'sender' | 'receiver' {
  if (refusal.messageKey === MUST_UNDERSTAND_KEY) return 'MustUnderstand'
  return refusal.code === ResultCode.conflict || refusal.code === ResultCode.systemError ? 'receiver' : 'sender'
}

const FAULT_CODE_NAMES = {
  '1.1': { sender: 'Client', receiver: 'Server', MustUnderstand: 'MustUnderstand' },
  '1.2': { sender: 'Sender', receiver: 'Receiver', MustUnderstand: 'MustUnderstand' },
} as const

/**
 * A refusal as a SOAP Fault: the reason is the translated message (in the caller's language),
 * the detail element carries code and message (and the log reference of a failure inside the
 * hub). The HTTP status is SOAP's: 500 for every 1.1 Fault (WS-I Basic Profile R1126), for 1.2
 * 400 for a Sender fault and 500 otherwise (SOAP 1.2 part 2, 7.5.1.2). These are the one place
 * the hub answers 5xx: SOAP clients read a Fault by that status.
 */
export function faultAnswer(version: SoapVersion, locale: Locale, refusal: Refusal, reference?: string): SoapAnswer {
  const message = refusalText(locale, refusal)
  const who = faultCode(refusal)
  const code = `soap:${FAULT_CODE_NAMES[version][who]}`
  const detail = element(WS.faultElement, SERVER_API_WS_FAULT_FIELDS, { code: refusal.code, message, ...(reference ? { reference } : {}) })
  const reason = escapeText(message)
  if (version === '1.1') {
    return answer(version, 500, `<soap:Fault><faultcode>${code}</faultcode><faultstring xml:lang="${locale}">${reason}</faultstring><detail>${detail}</detail></soap:Fault>`)
  }
  const fault = `<soap:Fault><soap:Code><soap:Value>${code}</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="${locale}">${reason}</soap:Text></soap:Reason><soap:Detail>${detail}</soap:Detail></soap:Fault>`
  return answer(version, who === 'sender' ? 400 : 500, fault)
}
