import type { FastifyInstance, FastifyReply } from 'fastify'

/**
 * Headers every answer carries, so a browser that is shown one (a download opened in a tab,
 * the WSDL, an envelope) neither guesses another content type than the one declared (a
 * stored file sniffed as HTML would run script in the hub's origin) nor lets another site
 * frame it (clickjacking). The CSP holds frame-ancestors only: it restricts no script, style
 * or image of what is shown, so no answer changes otherwise. An answer that already names one
 * of them (the gateway passing on its target's) keeps its own.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
}

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    withSecurityHeaders(reply)
    return payload
  })
}

/** For answers sent where no onSend hook runs (Fastify's frameworkErrors, before routing). */
export function withSecurityHeaders(reply: FastifyReply): FastifyReply {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!reply.hasHeader(name)) void reply.header(name, value)
  }
  return reply
}
