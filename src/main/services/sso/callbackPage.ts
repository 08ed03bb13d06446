import { bundledMessages } from '../../../../locales'
import type { Locale } from '../../../shared/locale'
import { desktopText } from '../../menu/desktopText'
import type { CallbackPage } from './loopbackCallback'

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The page the system browser shows once the console has the provider's answer, in the console's
 * language: signed in, or not (with the reason the console also shows), and either way that the
 * tab may be closed. Self-contained: no script, no link, nothing to load (the listener's CSP).
 */
export function callbackPage(locale: Locale, outcome: { ok: true } | { ok: false; reason: string }): CallbackPage {
  const title = desktopText(locale, outcome.ok ? 'sso_page_title_ok' : 'sso_page_title_failed')
  const product = bundledMessages[locale].common.product_name
  const reason = outcome.ok ? '' : `<p class="reason">${escapeHtml(outcome.reason)}</p>`
  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(product)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: Canvas; color: CanvasText; }
  main { max-width: 32rem; padding: 2rem; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  .reason { font-weight: 600; }
</style>
</head>
<body>
<main data-outcome="${outcome.ok ? 'ok' : 'failed'}">
<h1>${escapeHtml(title)}</h1>
${reason}
<p>${escapeHtml(desktopText(locale, 'sso_page_close', { product }))}</p>
</main>
</body>
</html>
`
  return { ok: outcome.ok, html }
}
