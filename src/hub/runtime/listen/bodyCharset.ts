import * as refuse from '../refusals'
import { decodeWindows1252, WINDOWS_1252_LABELS } from './windows1252'

/**
 * The text of an AMQP message body, decoded by the character set its publisher declared (issue
 * 32 item 8): the `charset` parameter of the content type (`text/plain; charset=iso-8859-1`),
 * else the content encoding when it names a character set (Spring AMQP and others put
 * `UTF-8` / `GBK` there), else UTF-8 (JSON's own encoding, and what the hub always read).
 *
 * Nothing is guessed and nothing garbled: a character set this hub cannot read (an unknown
 * label, or a content encoding such as `gzip` that is no character set) is refused, and so is a
 * body whose bytes are not valid in the declared one (TextDecoder's fatal mode), and a content
 * type and content encoding that name two different character sets. Each refusal is the data's
 * fault: the message is rejected to the dead-letter queue with the reason in the hub's log.
 *
 * Node's TextDecoder reads the WHATWG encodings (gbk, gb18030, big5, shift_jis, euc-jp, euc-kr,
 * koi8-r, windows-125x, utf-16…). WHATWG reads the labels of ISO-8859-1 and US-ASCII as
 * windows-1252, which differs in 0x80–0x9F; a publisher that says ISO-8859-1 means ISO-8859-1,
 * so those are read exactly as declared instead (every byte its own code point; ASCII refuses a
 * byte above 0x7F), and windows-1252 itself by its table (windows1252.ts).
 */

const LATIN1_LABELS = new Set(['iso-8859-1', 'iso8859-1', 'iso88591', 'iso_8859-1', 'iso_8859-1:1987', 'latin1', 'l1', 'iso-ir-100', 'cp819', 'ibm819', 'csisolatin1'])
const ASCII_LABELS = new Set(['us-ascii', 'ascii', 'us', 'ansi_x3.4-1968', 'iso-ir-6', 'iso646-us', 'iso_646.irv:1991', 'cp367', 'ibm367', 'csascii'])
/** Content encodings that say the body is as it is (no character set). */
const NO_ENCODING = new Set(['', 'identity', 'none', 'binary', '7bit', '8bit'])

/** How one declared character set is read, by its canonical name. */
interface Reader {
  name: string
  decode: (bytes: Buffer) => string
}

const latin1: Reader = { name: 'iso-8859-1', decode: (bytes) => bytes.toString('latin1') }
const ascii: Reader = {
  name: 'us-ascii',
  decode: (bytes) => {
    if (bytes.some((b) => b > 0x7f)) throw new TypeError('a byte above 0x7F')
    return bytes.toString('latin1')
  },
}

const windows1252: Reader = { name: 'windows-1252', decode: decodeWindows1252 }

/** The reader of a charset label, or null when this hub knows no such character set. */
function readerOf(label: string): Reader | null {
  const key = label.trim().toLowerCase()
  if (LATIN1_LABELS.has(key)) return latin1
  if (ASCII_LABELS.has(key)) return ascii
  if (WINDOWS_1252_LABELS.has(key)) return windows1252
  let decoder: TextDecoder
  try {
    decoder = new TextDecoder(key, { fatal: true })
  } catch {
    return null
  }
  return { name: decoder.encoding, decode: (bytes) => decoder.decode(bytes) }
}

/** The charset parameter of a content type, unquoted; '' when it has none. */
export function charsetOf(contentType: string): string {
  for (const part of contentType.split(';').slice(1)) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim().toLowerCase() !== 'charset') continue
    return part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim()
  }
  return ''
}

/** The body's text by its declared character set; throws the runtime's Refusal when it cannot be read as declared. */
export function bodyText(body: Buffer, declared: { contentType?: string; contentEncoding?: string }): string {
  const charset = charsetOf(declared.contentType ?? '')
  const encoding = (declared.contentEncoding ?? '').trim()
  const byType = charset ? readerOf(charset) : null
  if (charset && !byType) throw refuse.charsetUnknown({ charset })
  const byEncoding = NO_ENCODING.has(encoding.toLowerCase()) ? null : readerOf(encoding)
  if (!NO_ENCODING.has(encoding.toLowerCase()) && !byEncoding) throw refuse.charsetUnknown({ charset: encoding })
  if (byType && byEncoding && byType.name !== byEncoding.name) throw refuse.charsetConflict({ charset, encoding })
  const reader = byType ?? byEncoding ?? readerOf('utf-8')!
  try {
    return reader.decode(body)
  } catch {
    throw refuse.bodyNotInCharset({ charset: charset || encoding || 'UTF-8' })
  }
}
