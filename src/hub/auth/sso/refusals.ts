import { ResultCode } from '../../../shared/envelope'
import { Refusal } from '../../kernel/refusal'
import { PROVIDER_TIMEOUT_SECONDS, type ProviderUnreachable } from './outbound'

/**
 * Refusals of single sign-on. The spec's catalogue (part 2 §8, "Token/SSO") names five: ticket
 * invalid, response null, status not 200, entity invalid, IO exception; the rest are this hub's.
 * A sign-in the provider or token did not vouch for is '4010' like a wrong password; what the
 * identity provider itself failed at (no answer, another status, an answer that is not one) is
 * '4050', a warning the administrator can act on; a switched-off or unknown way in is '4031'.
 */
const signInFailed = (key: string) => (params: Record<string, string | number> = {}) => new Refusal(ResultCode.loginFailed, key, params)
const providerFailed = (key: string) => (params: Record<string, string | number> = {}) => new Refusal(ResultCode.warning, key, params)
const forbidden = (key: string) => () => new Refusal(ResultCode.forbidden, key)

export const ticketInvalid = signInFailed('msg_sso_ticket_invalid')
export const responseNull = providerFailed('msg_sso_response_null')
export const statusNot200 = providerFailed('msg_sso_status_not_200')
export const entityInvalid = providerFailed('msg_sso_entity_invalid')
/** `{url, cause}`: where the hub called and what the network answered. */
export const ioException = providerFailed('msg_sso_io_exception')
const addressRefused = providerFailed('msg_sso_address_refused')
const noAnswerInTime = providerFailed('msg_sso_timeout')

/** A call that got no answer, in the words of how it failed, naming the address (issue 33: not a bare "IO exception"). */
export function unreachable(err: ProviderUnreachable): Refusal {
  if (err.kind === 'addressRefused') return addressRefused({ url: err.url })
  if (err.kind === 'timeout') return noAnswerInTime({ url: err.url, seconds: PROVIDER_TIMEOUT_SECONDS })
  return ioException({ url: err.url, cause: err.detail })
}

export const ssoOff = forbidden('msg_sso_disabled')
export const appSsoOff = forbidden('msg_sso_app_disabled')
export const providerUnknown = forbidden('msg_sso_provider_unknown')
export const redirectUriRefused = forbidden('msg_sso_redirect_uri_refused')
export const validateUrlRefused = forbidden('msg_sso_validate_url_refused')
export const serviceRefused = forbidden('msg_sso_service_refused')

/** The state is unknown, used or expired: the sign-in must start again. */
export const stateInvalid = signInFailed('msg_sso_state_invalid')
/** The code exchange or the ID token failed the checks (audience, signature, expiry, nonce…). */
export const codeInvalid = signInFailed('msg_sso_code_invalid')
export const tokenInvalid = signInFailed('msg_sso_token_invalid')
export const tokenExpired = signInFailed('msg_sso_token_expired')
/** No platform user for the identity, or one that may not sign in: one message for both. */
export const userRefused = signInFailed('msg_sso_user_refused')
export const locked = (minutes: number) => new Refusal(ResultCode.accountLocked, 'msg_login_locked', { minutes })

export const providerNotFound = () => new Refusal(ResultCode.notFound, 'msg_sso_provider_not_found')
export const providerNameDuplicate = () => new Refusal(ResultCode.conflict, 'msg_sso_name_duplicate')
