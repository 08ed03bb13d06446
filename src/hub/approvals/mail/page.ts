import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { translateMessage } from '../../../../locales'
import type { MailSubject } from '../../../shared/contract/approvals/mailApproval'
import type { Locale } from '../../../shared/locale'
import { requestLocale } from '../../http/answers'
import type { HubContext } from '../../http/context'
import { logFailure } from '../../http/errors'
import { Refusal } from '../../kernel/refusal'
import { decideByLink, linkedSubject } from './handlers'

/**
 * The page an approval mail links to, served by the hub at its root without sign-in (spec:
 * /approve and /approveH5 are reachable unsigned): `GET /approve?token=…` shows the change and
 * a form whose Approve / Reject buttons post back to the same address with the token, a comment
 * and the result. No script: a plain form works in any mail client's browser. `/approveH5` is
 * the same page (its layout already fits a phone). The token is the only credential; the page
 * is not cached and sends no Referer, so the token does not leak from it.
 */
export const PAGE_PATHS = ['/approve', '/approveH5'] as const

const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
}

const escape = (v: unknown) =>
  (typeof v === 'string' ? v : JSON.stringify(v ?? '')).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function layout(locale: Locale, body: string): string {
  const t = (key: string) => translateMessage(locale, key)
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(t('msg_approval_page_title'))}</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:860px;padding:16px;color:#242424}table{border-collapse:collapse;width:100%;margin:12px 0}td,th{border:1px solid #d1d1d1;padding:6px;text-align:left;vertical-align:top;word-break:break-all}textarea{width:100%;min-height:80px;box-sizing:border-box}button{padding:8px 20px;margin:8px 8px 0 0}</style></head><body>${body}</body></html>`
}

function subjectPage(locale: Locale, s: MailSubject, token: string, path: string): string {
  const t = (key: string, params?: Record<string, string>) => translateMessage(locale, key, params)
  const rows = (s.change?.diff ?? []).map((d) => `<tr><td>${escape(d.field)}</td><td>${escape(d.before)}</td><td>${escape(d.after)}</td></tr>`).join('')
  return layout(
    locale,
    `<h1>${escape(s.title)}</h1>
<p>${escape(t('msg_approval_page_submitter'))}: ${escape(s.submitterName)} · ${escape(s.startedAt)}</p>
<p>${escape(t('msg_approval_page_node'))}: ${escape(s.currentNodes.join(', '))} · ${escape(s.approverName)}</p>
<table><thead><tr><th>${escape(t('msg_approval_page_field'))}</th><th>${escape(t('msg_approval_page_before'))}</th><th>${escape(t('msg_approval_page_after'))}</th></tr></thead><tbody>${rows}</tbody></table>
<form method="post" action="${escape(path)}"><input type="hidden" name="token" value="${escape(token)}">
<label>${escape(t('msg_approval_page_comment'))}<textarea name="comment" maxlength="1000"></textarea></label>
<button type="submit" name="result" value="approve">${escape(t('msg_approval_page_approve'))}</button><button type="submit" name="result" value="reject">${escape(t('msg_approval_page_reject'))}</button></form>
<p>${escape(t('msg_approval_page_expires'))}: ${escape(s.expiresAt)}</p>`,
  )
}

const messagePage = (locale: Locale, text: string) => layout(locale, `<h1>${escape(translateMessage(locale, 'msg_approval_page_title'))}</h1><p>${escape(text)}</p>`)

function send(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html)
}

async function answer(hub: HubContext, request: FastifyRequest, reply: FastifyReply, work: (locale: Locale) => Promise<string>) {
  const locale = requestLocale(request)
  try {
    return send(reply, 200, await work(locale))
  } catch (err) {
    if (err instanceof Refusal) {
      const field = err.fields?.[0]
      return send(reply, 400, messagePage(locale, translateMessage(locale, field ? field.key : err.messageKey, err.params)))
    }
    const reference = logFailure(hub, err, request)
    return send(reply, 500, messagePage(locale, translateMessage(locale, 'msg_system_error', { reference })))
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : '')

export function approvalPages(hub: HubContext) {
  return async (scope: FastifyInstance) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))))
    for (const path of PAGE_PATHS) {
      scope.get(path, (request, reply) => answer(hub, request, reply, async (locale) => subjectPage(locale, await linkedSubject(hub, text((request.query as Record<string, unknown>).token)), text((request.query as Record<string, unknown>).token), path)))
      scope.post(path, (request, reply) =>
        answer(hub, request, reply, async (locale) => {
          const form = (request.body ?? {}) as Record<string, unknown>
          const result = text(form.result) === 'reject' ? 'reject' : 'approve'
          const subject = await decideByLink(hub, locale, text(form.token), result, text(form.comment).slice(0, 1000))
          return messagePage(locale, translateMessage(locale, 'msg_approval_page_done', { state: translateMessage(locale, `msg_subject_state_${subject.state}`) }))
        }),
      )
    }
  }
}
