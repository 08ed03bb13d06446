import { ResultCode, type ResultCodeValue } from '../../../shared/envelope'
import { Refusal } from '../../kernel/refusal'
import type { WsdlFailure, WsdlFailureReason } from '../../kernel/outbound/failure'
import { shownUrl } from './shownUrl'

/**
 * The answer to each failure: the address itself is wrong (4001, on the field), the hub's policy
 * refuses it (4031: private address, DOCTYPE), a limit was hit (4130), the address could not be
 * read (4040), or what it returned is not a usable WSDL (4090).
 */
const ANSWERS: Record<WsdlFailureReason, [ResultCodeValue, string]> = {
  urlInvalid: [ResultCode.validation, 'msg_wsdl_url_invalid'],
  addressRefused: [ResultCode.forbidden, 'msg_wsdl_address_refused'],
  doctype: [ResultCode.forbidden, 'msg_wsdl_doctype_refused'],
  tooLarge: [ResultCode.tooLarge, 'msg_wsdl_too_large'],
  tooManyDocuments: [ResultCode.tooLarge, 'msg_wsdl_too_many_documents'],
  tooComplex: [ResultCode.tooLarge, 'msg_wsdl_too_complex'],
  tooManyRedirects: [ResultCode.notFound, 'msg_wsdl_too_many_redirects'],
  timeout: [ResultCode.notFound, 'msg_wsdl_timeout'],
  unreachable: [ResultCode.notFound, 'msg_wsdl_unreachable'],
  httpStatus: [ResultCode.notFound, 'msg_wsdl_http_status'],
  notXml: [ResultCode.conflict, 'msg_wsdl_not_xml'],
  notWsdl: [ResultCode.conflict, 'msg_wsdl_not_wsdl'],
  noOperations: [ResultCode.conflict, 'msg_wsdl_no_operations'],
}

export function refusalFor(failure: WsdlFailure): Refusal {
  const [code, key] = ANSWERS[failure.reason]
  const params: Record<string, string | number> = { ...failure.params }
  if (typeof params.url === 'string') params.url = shownUrl(params.url)
  if (failure.reason === 'urlInvalid') return new Refusal(code, key, params, [{ path: 'wsdlUrl', key }])
  return new Refusal(code, key, params)
}
