import { describe, expect, it } from 'vitest'
import { bundledMessages } from '../../locales'
import { englishForChinese } from '../support/latinProse'

/**
 * Issue 43: what the hub and the main process say to a zh-CN reader comes from the `messages`
 * catalogue. Beside the suite-wide watch (tests/support/readerLanguage.ts), which checks what the
 * tests' runs render, this checks every template itself, so a key no test reaches is covered too:
 * with its placeholders taken out, a zh-CN message is never an English sentence.
 */

/** Templates that are the parameter alone (a peer's words, a list), English in no language. */
const PARAMETER_ONLY = /^(?:\s*\{\{\w+\}\}[\s;；,，]*)+$/

describe('the zh-CN message catalogue', () => {
  const messages = bundledMessages['zh-CN'].messages as Record<string, string>

  it('has no template that reads as English once its placeholders are out', () => {
    const english = Object.entries(messages)
      .filter(([, text]) => !PARAMETER_ONLY.test(text))
      .flatMap(([key, text]) => (englishForChinese(text.replace(/\{\{\w+\}\}/g, ' '), null) ? [`${key}: ${text}`] : []))
    expect(english).toEqual([])
  })

  it('the check itself tells an English sentence from a code, a name or a Chinese sentence', () => {
    expect(englishForChinese('cannot reach http://127.0.0.1:9/x: ECONNREFUSED', null)).not.toBeNull()
    expect(englishForChinese('无法连接 http://127.0.0.1:9/x：ECONNREFUSED', null)).toBeNull()
    expect(englishForChinese('ECONNREFUSED', null)).toBeNull()
    expect(englishForChinese('orders_2024', null)).toBeNull()
    expect(englishForChinese('msg_never_written', 'msg_never_written')).not.toBeNull()
  })
})
