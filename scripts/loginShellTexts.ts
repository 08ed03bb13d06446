import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

/**
 * Fills the login shell's texts in index.html from the bundled locales at build time, so the
 * form shown before the console's code arrives (src/renderer/public/login-shell.js) says the
 * same words as the React form that replaces it, in both languages, from the same keys.
 */
const LOGIN_KEYS = ['title', 'form_label', 'username', 'password', 'submit', 'signing_in'] as const

function textsOf(localesDir: string, locale: 'zh-CN' | 'en'): Record<string, string> {
  const read = (ns: string) => JSON.parse(readFileSync(join(localesDir, locale, `${ns}.json`), 'utf8')) as Record<string, string>
  const login = read('login')
  return { product_name: read('common').product_name!, ...Object.fromEntries(LOGIN_KEYS.map((k) => [k, login[k]!])) }
}

/** `localesDir`: the repository's locales folder (the configs pass it: they know where they are). */
export function loginShellTexts(localesDir: string): Plugin {
  return {
    name: 'login-shell-texts',
    transformIndexHtml: (html) => {
      const texts = { 'zh-CN': textsOf(localesDir, 'zh-CN'), en: textsOf(localesDir, 'en') }
      return html.replace('__LOGIN_SHELL_TEXTS__', JSON.stringify(texts).replace(/</g, '\\u003c'))
    },
  }
}
