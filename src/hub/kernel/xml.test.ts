import { describe, expect, it } from 'vitest'
import { declareMissingPrefixes, NS, parseXml } from './xml'

describe('parseXml', () => {
  it('refuses any DOCTYPE, so external entities are never fetched and entities never expanded', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d>&x;</d>`
    expect(() => parseXml(xxe, 'http://h/x.wsdl')).toThrow(expect.objectContaining({ reason: 'doctype', params: { url: 'http://h/x.wsdl' } }))
    const laughs = `<!doctype d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><d>&b;</d>`
    expect(() => parseXml(laughs, 'u')).toThrow(expect.objectContaining({ reason: 'doctype' }))
  })

  it('refuses what is not well-formed XML, and undeclared entities', () => {
    expect(() => parseXml('<html><body>Not found', 'u')).toThrow(expect.objectContaining({ reason: 'notXml' }))
    expect(() => parseXml('{"json": true}', 'u')).toThrow(expect.objectContaining({ reason: 'notXml' }))
    expect(() => parseXml('<d>&secret;</d>', 'u')).toThrow(expect.objectContaining({ reason: 'notXml' }))
  })

  it('binds prefixes a generator forgot to declare to their usual namespace', () => {
    const doc = parseXml(`<?xml version="1.0"?><w:definitions xmlns:w="${NS.wsdl}"><soap:binding/><foo:bar/></w:definitions>`, 'u')
    const [binding, other] = [doc.getElementsByTagName('soap:binding')[0]!, doc.getElementsByTagName('foo:bar')[0]!]
    expect(binding.namespaceURI).toBe(NS.soap11)
    expect(other.namespaceURI).toBe('urn:x-undeclared-prefix:foo')
    const declared = `<a xmlns:soap="urn:mine"><soap:b/></a>`
    expect(declareMissingPrefixes(declared)).toBe(declared)
  })
})
