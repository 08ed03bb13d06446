import { describe, expect, it } from 'vitest'
import { resolveWsdl } from './resolve'
import type { ElementShape, HubWsdl } from './shape'
import { parseXml } from '../../kernel/xml'

const wsdl = `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:tns="urn:t" xmlns:b="urn:base" targetNamespace="urn:t">
  <types>
    <xs:schema targetNamespace="urn:base" elementFormDefault="qualified">
      <xs:complexType name="Base"><xs:sequence><xs:element name="id" type="xs:long"/></xs:sequence></xs:complexType>
    </xs:schema>
    <xs:schema targetNamespace="urn:t" xmlns:b="urn:base">
      <xs:import namespace="urn:base"/>
      <xs:complexType name="Node"><xs:complexContent><xs:extension base="b:Base"><xs:sequence>
        <xs:element name="child" type="tns:Node" minOccurs="0"/>
        <xs:group ref="tns:Tags"/>
        <xs:choice><xs:element name="a" type="xs:boolean"/><xs:element ref="tns:Top"/></xs:choice>
      </xs:sequence></xs:extension></xs:complexContent></xs:complexType>
      <xs:group name="Tags"><xs:sequence maxOccurs="unbounded"><xs:element name="tag" type="xs:string" nillable="true"/></xs:sequence></xs:group>
      <xs:element name="Top" type="xs:decimal"/>
    </xs:schema>
  </types>
  <message name="In"><part name="node" type="tns:Node"/><part name="top" element="tns:Top"/></message>
  <message name="Out"><part name="result" type="xs:int"/></message>
  <portType name="P"><operation name="Walk"><input message="tns:In"/><output message="tns:Out"/></operation></portType>
  <binding name="B" type="tns:P"><soap:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="Walk"><soap:operation soapAction="urn:Walk"/><input><soap:body use="literal" namespace="urn:rpc"/></input><output><soap:body use="literal" namespace="urn:rpc"/></output></operation>
  </binding>
  <service name="S"><port name="SP" binding="tns:B"><soap:address location="http://svc.example/"/></port></service>
</definitions>`

const resolved = (): HubWsdl => resolveWsdl([{ url: 'http://svc.example/?wsdl', doc: parseXml(wsdl, 'http://svc.example/?wsdl') }])
const brief = (r: HubWsdl, e: ElementShape): unknown => {
  const t = r.shapes!.types[e.type]!
  return { name: e.name, ns: e.ns, ...(e.nillable ? { nillable: true } : {}), ...(e.optional ? { optional: true } : {}), ...(e.repeated ? { repeated: true } : {}), type: 'simple' in t ? t.simple : t.children.map((c) => c.name).join(',') }
}

describe('the message shapes a resolve keeps', () => {
  it('rpc: a wrapper in the body namespace, typed parts unqualified, element parts qualified; extension, groups, choices and recursion', () => {
    const r = resolved()
    const walk = r.shapes!.operations.get('Walk')!
    expect(brief(r, walk.input!)).toMatchObject({ name: 'Walk', ns: 'urn:rpc', type: 'node,Top' })
    const [node, top] = (r.shapes!.types[walk.input!.type] as { children: ElementShape[] }).children
    expect(brief(r, node!)).toMatchObject({ name: 'node', ns: '', type: 'id,child,tag,a,Top' })
    expect(brief(r, top!)).toEqual({ name: 'Top', ns: 'urn:t', type: 'decimal' })
    const members = (r.shapes!.types[node!.type] as { children: ElementShape[] }).children.map((c) => brief(r, c))
    expect(members).toEqual([
      // Inherited from a qualified schema of another namespace; the rest local to an unqualified one.
      { name: 'id', ns: 'urn:base', type: 'long' },
      { name: 'child', ns: '', optional: true, type: 'id,child,tag,a,Top' },
      { name: 'tag', ns: '', nillable: true, repeated: true, type: 'string' },
      { name: 'a', ns: '', optional: true, type: 'boolean' },
      { name: 'Top', ns: 'urn:t', optional: true, type: 'decimal' },
    ])
    expect(brief(r, walk.output!)).toMatchObject({ name: '', ns: 'urn:rpc', type: 'result' })
  })

  it('the console is not sent the shapes (they are the hub-only part of the resolve)', () => {
    expect(Object.keys(resolved().operations[0]!)).not.toContain('shapes')
  })
})
