import { DeliveryError } from '../../kernel/deliveryError'
import { readXml, serialiseNodes } from '../engines/xPath'
import { stringifyExact } from '../json/exact'
import { runtimeSettings } from '../settings'
import { postSoap } from '../soap/call'
import { parametersEnvelope, type SoapCall } from '../soap/envelope'
import { resolveCall } from '../soap/operation'
import { childElements, envelopeParts } from '../soap/read'
import { jsonOfShaped } from '../soap/shapedJson'
import { jsonOfElement } from '../soap/xmlJson'
import { FetchError, type FetchContext, type FetchedBatch, type Fetcher } from './fetcher'
import { keyed } from '../../text/keyedText'

export interface WebServiceFetcherOptions {
  /** The call may take this long; default the runtime's HTTP timeout (deliveryTimeoutMs). */
  timeoutMs?: number
  /** A larger answer fails the run rather than fill the hub's memory. */
  maxAnswerBytes?: number
}

export const WS_MAX_ANSWER_BYTES = 64 * 1024 * 1024

/**
 * webservice producers (spec §3 webServiceRequestInfoModel): each run calls the operation
 * methodName of the WSDL — resolved, enveloped and posted by the same SOAP client as webservice
 * consumers and callbacks (soap/) — with the parameters that have a value (in the order of the
 * model; the others are left out) and the SOAP header headerMethodName with its header
 * parameters. The answer's body content (the response element) is the one message of the run:
 * - an xml topic (and a topic without a format) gets it as XML text;
 * - a json topic gets it as JSON text: by the schema the WSDL declares the answer with
 *   (soap/shapedJson.ts: repeated elements always lists, numbers exact, booleans booleans), or,
 *   for an answer the WSDL does not declare, as the data has it (soap/xmlJson.ts: text as text).
 * A Fault, a non-2xx answer or an answer that is no SOAP envelope fails the run with the reason.
 * No checkpoint: every run asks the same.
 */
export function createWebServiceFetcher(options: WebServiceFetcherOptions = {}): Fetcher {
  return (context) => readWebService(context, options)
}

async function* readWebService(context: FetchContext, options: WebServiceFetcherOptions): AsyncGenerator<FetchedBatch> {
  const model = context.producer.webServiceRequestInfoModel
  if (!model) throw new FetchError(keyed('msg_exchange_fetch_ws_missing'))
  const values = (model.parameters ?? []).filter((p) => p.name.trim() && (p.value ?? '') !== '').map((p) => [p.name.trim(), p.value ?? ''] as const)
  const signal = AbortSignal.any([context.signal, AbortSignal.timeout(options.timeoutMs ?? runtimeSettings(context.hub.config).deliveryTimeoutMs)])
  const soap = { allowPrivate: context.hub.config.allowPrivateWsdl === true, signal }
  let answer: string
  let address = model.serviceAddress ?? ''
  let call: SoapCall
  try {
    call = await resolveCall(model, soap)
    address = call.address
    answer = await postSoap(call, parametersEnvelope(call, values), { ...soap, answerBytes: options.maxAnswerBytes ?? WS_MAX_ANSWER_BYTES })
  } catch (err) {
    if (context.signal.aborted) return
    if (err instanceof DeliveryError) throw new FetchError(err.text)
    throw err
  }
  const content = bodyContent(answer, address)
  if (!content) {
    yield { messages: [], rowsRead: 0 }
    return
  }
  const json = context.topic.dataFormat.trim().toLowerCase() === 'json'
  yield { messages: [json ? jsonText(content, call) : serialiseNodes([content])], rowsRead: 1 }
}

/** The answer element as JSON text, numbers written with their digits (the accept path reads it as a pushed JSON text). */
function jsonText(content: Element, call: SoapCall): string {
  const output = call.shapes?.output
  const declared = output && (output.name === '' || output.name === content.localName)
  return stringifyExact(declared ? jsonOfShaped(content, output, call.shapes!.types) : jsonOfElement(content))
}

/** The response element in the answer's soap:Body; null for an empty body. */
function bodyContent(answer: string, address: string): Element | null {
  const read = readXml(answer)
  const parts = 'doc' in read ? envelopeParts(read.doc.documentElement) : null
  if (!parts?.body) {
    const excerpt = answer.length > 100 ? `${answer.slice(0, 100)}…` : answer
    throw new FetchError(keyed('msg_exchange_fetch_no_envelope', { address, answer: excerpt }))
  }
  return childElements(parts.body)[0] ?? null
}
