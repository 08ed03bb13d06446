import type { HubContext } from '../../http/context'
import { readCasAnswer } from './casResponse'
import { answerText, ProviderUnreachable, providerRequest } from './outbound'
import { entityInvalid, responseNull, statusNot200, ticketInvalid, unreachable } from './refusals'
import { SignInRefused } from './signInRefused'

/** The CAS server's base URL without a trailing slash. */
export const casBase = (serverUrl: string): string => serverUrl.trim().replace(/\/+$/, '')

/**
 * Whether `validateUrl` names this CAS server: its base URL, or its /serviceValidate or
 * /p3/serviceValidate. Query strings are ignored (some clients append the service). The hub
 * then calls the configured server's own URL, never the string it was given (no SSRF).
 */
export function namesCasServer(serverUrl: string, validateUrl: string): boolean {
  const base = casBase(serverUrl)
  let given: string
  try {
    const url = new URL(validateUrl.trim())
    url.search = ''
    url.hash = ''
    given = url.href.replace(/\/+$/, '')
  } catch {
    return false
  }
  let normalised: string
  try {
    normalised = new URL(base).href.replace(/\/+$/, '')
  } catch {
    return false
  }
  return given === normalised || given === `${normalised}/serviceValidate` || given === `${normalised}/p3/serviceValidate`
}

/** The identity a validated ticket vouches for: cas:user and the attributes. */
export interface CasIdentity {
  user: string
  attributes: Record<string, string[]>
}

/**
 * Validates a service ticket with the CAS 3.0 call `GET <server>/p3/serviceValidate?service=…&
 * ticket=…` (protocol §2.5 and §2.7). Failures take the spec's messages: no answer at all "IO
 * exception", an empty body "response null", another status than 200 "status not 200", an answer
 * that is not a serviceResponse "entity invalid", an authenticationFailure "ticket invalid".
 * The reason logged names the code CAS gave, never the ticket.
 */
export async function validateTicket(hub: Pick<HubContext, 'config'>, serverUrl: string, service: string, ticket: string): Promise<CasIdentity> {
  const url = `${casBase(serverUrl)}/p3/serviceValidate?${new URLSearchParams({ service, ticket }).toString()}`
  let answer
  try {
    answer = await providerRequest(hub, url, { headers: { accept: 'application/xml, text/xml' } })
  } catch (err) {
    if (err instanceof ProviderUnreachable) throw new SignInRefused(unreachable(err), `CAS server unreachable: ${err.why}`)
    throw err
  }
  if (answer.status !== 200) throw new SignInRefused(statusNot200({ status: answer.status, url: `${casBase(serverUrl)}/p3/serviceValidate` }), `CAS serviceValidate answered HTTP ${answer.status}`)
  const text = answerText(answer)
  if (text.trim() === '') throw new SignInRefused(responseNull(), 'CAS serviceValidate answered an empty body')
  const read = readCasAnswer(text, `${casBase(serverUrl)}/p3/serviceValidate`)
  if (read.ok === 'unreadable') throw new SignInRefused(entityInvalid(), `CAS serviceValidate: ${read.why}`)
  if (!read.ok) throw new SignInRefused(ticketInvalid(), `CAS refused the ticket: ${read.code || 'no code'}${read.text ? ` (${read.text.slice(0, 200).replace(/\bS?T-[\w-]+/g, '…')})` : ''}`)
  return { user: read.user, attributes: read.attributes }
}
