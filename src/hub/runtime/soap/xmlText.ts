/**
 * Text and attribute values written into XML the hub builds (SOAP envelopes, its WSDL).
 * XML 1.0 cannot carry some characters at all (not even escaped); they become U+FFFD rather
 * than break the document.
 */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

export const escapeText = (text: string): string => text.replace(NOT_XML, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
export const escapeAttribute = (text: string): string => escapeText(text).replace(/"/g, '&quot;')
