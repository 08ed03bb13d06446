import type { FastifyRequest } from 'fastify'
import { ResultCode } from '../../shared/envelope'
import { findSession, tokenFromHeader, type ActiveSession } from '../auth/sessions'
import type { Store } from '../store'
import type { CallContext } from './context'
import { Refusal } from '../kernel/refusal'

export const sessionInvalid = (): Refusal => new Refusal(ResultCode.sessionInvalid, 'msg_session_invalid')

/** The session of the request's token; '4030' when it is missing, expired or revoked. */
export async function authenticate(request: FastifyRequest, store: Store): Promise<ActiveSession> {
  const token = tokenFromHeader(request.headers.authorization)
  const session = token ? await findSession(store.db, token) : null
  if (!session) throw sessionInvalid()
  return session
}

/** The session a 'session' endpoint's handler runs under. */
export function signedIn(call: CallContext): ActiveSession {
  // The registrar authenticates every 'session' endpoint first; reaching this without one
  // means a handler was put on a public endpoint.
  if (!call.session) throw new Error('handler needs a session but its endpoint is public')
  return call.session
}
