import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { Refusal } from '../../kernel/refusal'
import { bodyText, charsetOf } from './bodyCharset'

/** The bytes come from iconv-lite, an encoder nobody here wrote; the hub decodes them. */
const refusalOf = (work: () => unknown) => {
  try {
    work()
  } catch (err) {
    if (err instanceof Refusal) return { key: err.messageKey, params: err.params }
    throw err
  }
  throw new Error('not refused')
}

describe('an mq body is read by the character set its publisher declared', () => {
  it('reads the charset of the content type, quoted or not, and the content encoding when that names one', () => {
    expect(charsetOf('text/plain; charset=iso-8859-1')).toBe('iso-8859-1')
    expect(charsetOf('application/json;Charset="GBK" ; q=1')).toBe('GBK')
    expect(charsetOf('application/json')).toBe('')
    expect(bodyText(iconv.encode('北京 ３号', 'gbk'), { contentType: 'text/plain; charset=gbk' })).toBe('北京 ３号')
    expect(bodyText(iconv.encode('北京 𠀀', 'gb18030'), { contentEncoding: 'GB18030' })).toBe('北京 𠀀')
    expect(bodyText(iconv.encode('ｶﾀｶﾅ と 漢字', 'shift_jis'), { contentType: 'text/plain; charset=Shift_JIS' })).toBe('ｶﾀｶﾅ と 漢字')
    expect(bodyText(iconv.encode('Привет', 'koi8-r'), { contentType: 'text/plain; charset=koi8-r', contentEncoding: 'KOI8-R' })).toBe('Привет')
    // Undeclared: UTF-8, as the hub always read it; "identity" says nothing of a charset.
    expect(bodyText(Buffer.from('Grüße', 'utf8'), { contentEncoding: 'identity' })).toBe('Grüße')
  })

  it('reads ISO-8859-1 as ISO-8859-1, not as the windows-1252 that WHATWG substitutes for its label', () => {
    const bytes = Buffer.from([0x43, 0x80, 0x9f, 0xe9, 0xff])
    expect(bodyText(bytes, { contentType: 'text/plain; charset=ISO-8859-1' })).toBe('C\u0080\u009féÿ')
    expect(iconv.decode(bytes, 'iso-8859-1')).toBe('C\u0080\u009féÿ')
  })

  it('reads windows-1252 by its own table, as iconv-lite writes it', () => {
    const text = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ café'
    const bytes = iconv.encode(text, 'cp1252')
    expect(bytes.length).toBe(text.length)
    expect(bodyText(bytes, { contentType: 'text/plain; charset=windows-1252' })).toBe(text)
    expect(bodyText(bytes, { contentEncoding: 'cp1252' })).toBe(text)
  })

  it('refuses what it cannot read as declared, naming what was declared', () => {
    expect(refusalOf(() => bodyText(Buffer.from('x'), { contentType: 'text/plain; charset=x-klingon' }))).toEqual({ key: 'msg_runtime_charset_unknown', params: { charset: 'x-klingon' } })
    expect(refusalOf(() => bodyText(Buffer.from('x'), { contentEncoding: 'gzip' }))).toEqual({ key: 'msg_runtime_charset_unknown', params: { charset: 'gzip' } })
    expect(refusalOf(() => bodyText(Buffer.from('x'), { contentType: 'text/plain; charset=utf-8', contentEncoding: 'latin1' }))).toEqual({
      key: 'msg_runtime_charset_conflict',
      params: { charset: 'utf-8', encoding: 'latin1' },
    })
    expect(refusalOf(() => bodyText(Buffer.from([0x63, 0xe9]), { contentType: 'text/plain; charset=us-ascii' }))).toEqual({ key: 'msg_runtime_body_not_in_charset', params: { charset: 'us-ascii' } })
    expect(refusalOf(() => bodyText(Buffer.from([0x63, 0xe9]), {}))).toEqual({ key: 'msg_runtime_body_not_in_charset', params: { charset: 'UTF-8' } })
    expect(refusalOf(() => bodyText(Buffer.from([0x81]), { contentEncoding: 'gbk' }))).toEqual({ key: 'msg_runtime_body_not_in_charset', params: { charset: 'gbk' } })
    // The same charset said twice, in two spellings, is no conflict.
    expect(bodyText(Buffer.from('ok'), { contentType: 'text/plain; charset=GB2312', contentEncoding: 'gbk' })).toBe('ok')
  })
})
