/**
 * What a zh-CN reader should never get: a Latin-only sentence, or a message key shown as it is.
 * One detector for the hub's texts (readerLanguage.ts, under vitest) and the console's screens
 * (tests/e2e/menuWalk.spec.ts, under Playwright), so it imports neither runner.
 */
const HAN = /\p{Script=Han}/u
/** Two Latin words in a row: a sentence, not a code (ECONNREFUSED), a name (orders) or a number. */
const TWO_WORDS = /[A-Za-z]{2,}[ ,.:;'"()-]+[A-Za-z]{2,}/
/** What is not prose: addresses, paths, placeholders, JSON, SQL a user wrote. */
const NOT_PROSE = [/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, /(?:^|\s)(?:\/|[A-Za-z]:\\)\S+/g, /\{\{\w+\}\}/g]
const MISSING_KEY = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/

/** Why a text is not what a zh-CN reader should get, or null when it is fine. */
export function englishForChinese(text: string, key: string | null): string | null {
  if (key !== null && text === key && MISSING_KEY.test(key)) return 'a message key no locale has'
  if (HAN.test(text)) return null
  const prose = NOT_PROSE.reduce((t, pattern) => t.replace(pattern, ' '), text)
  return TWO_WORDS.test(prose) ? 'a Latin-only sentence' : null
}
