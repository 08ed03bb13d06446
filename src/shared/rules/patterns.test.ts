import { describe, expect, it } from 'vitest'
import { chars, DOMAIN, EMAIL, INTEGER, integer, IP, IP_WITH_PORT, isEmail, isHost, isHttpUrl, isIp, isIpOrRange, orEmpty, PHONE, POSITIVE_INTEGER, positiveInteger, URL_PATTERN } from './patterns'

/** Each pattern with values a form would accept and values it must refuse. */
const cases: [string, (v: string) => boolean, string[], string[]][] = [
  ['ip', (v) => IP.test(v), ['10.0.0.1', '255.255.255.255', '0.0.0.0'], ['256.1.1.1', '10.0.0', '10.0.0.01', ' 10.0.0.1', '10.0.0.1:80', 'a.b.c.d']],
  ['ip (v4 or v6)', isIp, ['192.168.1.1', '::1', 'fe80::1'], ['192.168.1', 'host', '::g']],
  ['ip or range', isIpOrRange, ['10.0.0.0/8', '10.1.2.3', '2001:db8::/32'], ['10.0.0.0/33', '10.0.0.0/', 'x']],
  ['ip with port', (v) => IP_WITH_PORT.test(v), ['10.0.0.1:8080', '127.0.0.1:1', '1.2.3.4:65535'], ['10.0.0.1', '10.0.0.1:0', '10.0.0.1:65536', '10.0.0.1:080', 'host:80', '300.0.0.1:80']],
  ['domain', (v) => DOMAIN.test(v), ['example.com', 'mail', 'a-b.example.org', 'x1.y2'], ['-a.com', 'a-.com', 'a..com', 'a b.com', 'a_b.com', `${'a'.repeat(64)}.com`, '']],
  ['host', isHost, ['smtp.example.com', '10.0.0.1', '::1'], ['smtp example', 'a..b', '']],
  ['url', (v) => URL_PATTERN.test(v), ['http://a', 'https://example.com/path?q=1#f', 'HTTPS://host:8443'], ['ftp://a', 'http://', 'http:// a', 'example.com', 'https://a b']],
  ['http url (parsed, no user info)', isHttpUrl, ['https://sso.example.com/cas', 'http://127.0.0.1:8080'], ['https://user:pw@example.com', 'https://', 'mailto:a@b.c', 'https://exa mple.com']],
  ['integer', (v) => INTEGER.test(v), ['0', '-12', '1234567890'], ['', '1.5', '+1', '12345678901', '1e3', ' 1']],
  ['integer of 3 digits', (v) => integer(3).test(v), ['999', '-1'], ['1000']],
  ['phone', (v) => PHONE.test(v), ['1234567', '13800138000', '1'.repeat(20)], ['123456', '1'.repeat(21), '138-0013-8000', '+8613800138000']],
  ['email', (v) => EMAIL.test(v), ['a@example.com', 'first.last+tag@mail.example.cn'], ['a@b', 'a@b.c', 'a b@example.com', '@example.com', 'a@@example.com', 'a@.com']],
  ['email (with length)', isEmail, ['ops@example.com'], [`${'a'.repeat(250)}@example.com`]],
  ['positive integer', (v) => POSITIVE_INTEGER.test(v), ['1', '99999999999'], ['0', '01', '-1', '1.0', '999999999999', '']],
  ['positive integer of 5 digits', (v) => positiveInteger(5).test(v), ['99999'], ['100000', '0']],
  ['optional positive integer', (v) => orEmpty(POSITIVE_INTEGER).test(v), ['', '7'], ['0', ' ']],
  ['letters, digits, Chinese 1-50', (v) => chars(['letters', 'digits', 'chinese'], 1, 50).test(v), ['abc', '数据中心1', 'A'.repeat(50)], ['', 'a b', 'a_b', 'A'.repeat(51), 'é']],
  ['letters and spaces, default 0-9999', (v) => chars(['letters', 'space']).test(v), ['', 'Data operator', 'a'.repeat(9999)], ['a'.repeat(10000), 'a1']],
]

describe('the pattern library', () => {
  for (const [name, test, accepted, refused] of cases) {
    it(`${name} accepts ${accepted.length} and refuses ${refused.length} examples`, () => {
      expect(accepted.filter((v) => !test(v))).toEqual([])
      expect(refused.filter((v) => test(v))).toEqual([])
    })
  }
})
