import type { Refusal } from '../../kernel/refusal'

/**
 * A refused single sign-on: the refusal the caller hears and the reason the log keeps (which
 * may say more than the caller is told, never the ticket, code or token).
 */
export class SignInRefused extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly reason: string,
    /** The platform user it was about, once known. */
    readonly username = '',
  ) {
    super(reason)
    this.name = 'SignInRefused'
  }
}
