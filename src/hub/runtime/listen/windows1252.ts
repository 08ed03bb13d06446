/**
 * windows-1252 (cp1252, the Western Windows code page) as the WHATWG Encoding Standard's index
 * says: Latin-1 except 0x80–0x9F. Node 20's TextDecoder reads 'windows-1252' as Latin-1 (its
 * fast path; 0x80 comes out as U+0080 instead of €), so the hub reads it here instead.
 */
const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'

export const WINDOWS_1252_LABELS = new Set(['windows-1252', 'cp1252', 'x-cp1252'])

export function decodeWindows1252(bytes: Buffer): string {
  let out = ''
  for (const b of bytes) out += b >= 0x80 && b <= 0x9f ? HIGH[b - 0x80] : String.fromCharCode(b)
  return out
}
