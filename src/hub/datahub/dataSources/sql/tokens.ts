/**
 * A SQL lexer good enough to judge a statement the way its server will read it: comments
 * removed, strings and quoted names kept whole, and the rest split into words and symbols.
 * Regular expressions over the raw text cannot do this (`into/**\/outfile`, `into#x\noutfile`
 * and MySQL's executable comments `/*! … *\/` all slipped past one). Each dialect's rules:
 * - PostgreSQL: `--` comments always; `/* *\/` nest; 'strings' with '' (E'…' with backslash
 *   escapes); "names"; $tag$ dollar quotes $tag$; `#` is an operator.
 * - MySQL / MariaDB: `-- ` needs a blank after it (`1--1` is arithmetic); `#` comments; `/* *\/`
 *   do not nest, but `/*! … *\/` and `/*M! … *\/` hold code the server runs, so their content is
 *   lexed as code; backslash escapes and "double-quoted strings" unless the session's sql_mode
 *   says NO_BACKSLASH_ESCAPES / ANSI_QUOTES; `backtick names`.
 * - SQLite: `--` comments; `/* *\/`; 'strings'; "names", `names`, [names].
 * Anything the lexer cannot close (an open string or comment) is an error: the caller refuses.
 */
export interface Dialect {
  kind: 'postgres' | 'mysql' | 'sqlite'
  /** MySQL: backslash escapes in strings (off with NO_BACKSLASH_ESCAPES). */
  backslashEscapes?: boolean
  /** MySQL: "…" is a name, not a string (ANSI_QUOTES). */
  ansiQuotes?: boolean
}

/** `mark`: the opening or closing of a MySQL executable comment (kept to cut the text right). */
export type TokenKind = 'word' | 'name' | 'string' | 'symbol' | 'mark'
export interface Token {
  kind: TokenKind
  /** Words lower-cased; names with their quotes removed, lower-cased; strings as written. */
  text: string
  start: number
  end: number
}

export class LexError extends Error {
  override name = 'LexError'
}

const WORD = /[A-Za-z0-9_$\u0080-\uffff]/
const BLANK = /[\s\0]/

export function tokenize(sql: string, dialect: Dialect): Token[] {
  const mysql = dialect.kind === 'mysql'
  const postgres = dialect.kind === 'postgres'
  const tokens: Token[] = []
  let i = 0
  // Inside MySQL `/*! … */`: its closing `*/` ends the executable part.
  let inExecutable = false
  const n = sql.length

  /** Index after a quoted run opened at `from` by `quote`; doubled quotes stay inside. */
  const closeQuote = (from: number, quote: string, backslash: boolean): number => {
    let j = from + 1
    for (;;) {
      if (j >= n) throw new LexError('unterminated quote')
      const c = sql[j]!
      if (backslash && c === '\\') {
        j += 2
        continue
      }
      if (c === quote) {
        if (sql[j + 1] === quote) {
          j += 2
          continue
        }
        return j + 1
      }
      j++
    }
  }

  while (i < n) {
    const c = sql[i]!
    const next = sql[i + 1] ?? ''
    if (BLANK.test(c)) {
      i++
      continue
    }
    // Line comments.
    if ((c === '-' && next === '-' && (!mysql || i + 2 >= n || sql.charCodeAt(i + 2) <= 32)) || (mysql && c === '#')) {
      const end = sql.indexOf('\n', i)
      i = end < 0 ? n : end + 1
      continue
    }
    if (c === '/' && next === '*') {
      if (mysql && (sql[i + 2] === '!' || (sql[i + 2] === 'M' && sql[i + 3] === '!'))) {
        // Executable comment: the version number after the mark is skipped, the rest is code.
        if (inExecutable) throw new LexError('nested executable comment')
        const start = i
        i += sql[i + 2] === '!' ? 3 : 4
        while (i < n && /[0-9]/.test(sql[i]!)) i++
        tokens.push({ kind: 'mark', text: '/*!', start, end: i })
        inExecutable = true
        continue
      }
      let depth = 1
      let j = i + 2
      while (depth > 0) {
        if (j >= n) throw new LexError('unterminated comment')
        if (sql[j] === '*' && sql[j + 1] === '/') {
          depth--
          j += 2
        } else if (postgres && sql[j] === '/' && sql[j + 1] === '*') {
          depth++
          j += 2
        } else j++
      }
      i = j
      continue
    }
    if (inExecutable && c === '*' && next === '/') {
      inExecutable = false
      tokens.push({ kind: 'mark', text: '*/', start: i, end: i + 2 })
      i += 2
      continue
    }
    const start = i
    // PostgreSQL U&"…" / U&'…' carry escapes that could spell any name: not lexed, refused.
    if (postgres && (c === 'u' || c === 'U') && next === '&' && (sql[i + 2] === '"' || sql[i + 2] === "'")) throw new LexError('unicode escapes')
    // Strings.
    if (c === "'" || (mysql && !dialect.ansiQuotes && c === '"')) {
      const backslash = mysql ? dialect.backslashEscapes !== false : false
      i = closeQuote(i, c, backslash)
      tokens.push({ kind: 'string', text: sql.slice(start, i), start, end: i })
      continue
    }
    if (postgres && (c === 'e' || c === 'E') && next === "'") {
      i = closeQuote(i + 1, "'", true)
      tokens.push({ kind: 'string', text: sql.slice(start, i), start, end: i })
      continue
    }
    if (postgres && c === '$') {
      const tag = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(sql.slice(i))
      if (tag && !(tokens.length > 0 && tokens[tokens.length - 1]!.end === i && tokens[tokens.length - 1]!.kind === 'word')) {
        const close = sql.indexOf(tag[0], i + tag[0].length)
        if (close < 0) throw new LexError('unterminated dollar quote')
        i = close + tag[0].length
        tokens.push({ kind: 'string', text: sql.slice(start, i), start, end: i })
        continue
      }
    }
    // Quoted names.
    if (c === '`' || (c === '"' && (!mysql || dialect.ansiQuotes)) || (dialect.kind === 'sqlite' && c === '[')) {
      if (c === '[') {
        const close = sql.indexOf(']', i)
        if (close < 0) throw new LexError('unterminated name')
        i = close + 1
      } else i = closeQuote(i, c, false)
      const inner = sql.slice(start + 1, i - 1)
      tokens.push({ kind: 'name', text: (c === '[' ? inner : inner.split(c + c).join(c)).toLowerCase(), start, end: i })
      continue
    }
    if (WORD.test(c)) {
      while (i < n && WORD.test(sql[i]!)) i++
      tokens.push({ kind: 'word', text: sql.slice(start, i).toLowerCase(), start, end: i })
      continue
    }
    i++
    tokens.push({ kind: 'symbol', text: c, start, end: i })
  }
  if (inExecutable) throw new LexError('unterminated executable comment')
  return tokens
}

/**
 * The keyword a word stands for once a number glued in front of it is set aside: servers read
 * `1into` or `0x1into` as a number followed by INTO.
 */
export function keywordOf(word: string): string {
  return word.replace(/^(0x[0-9a-f]*|0b[01]*|[0-9][0-9.]*(e[+-]?[0-9]+)?)(?=[a-z_])/, '')
}
