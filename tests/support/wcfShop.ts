/**
 * A shop service's WSDL the way WCF publishes one (the pattern of issue 32 items 3–6): the
 * service's WSDL (`?wsdl`, its own namespace) imports the contract's (`?wsdl=wsdl0`), whose
 * types import three schemas of their own target namespaces (`?xsd=xsd0` the operations'
 * elements, `?xsd=xsd1` the data contracts, `?xsd=xsd2` a postal schema). xsd0 and xsd1 are
 * elementFormDefault="qualified", xsd2 is unqualified but for one element of form="qualified".
 * Order has a non-nillable required id, an optional non-nillable amount (xs:decimal), xs:int,
 * xs:boolean and xs:dateTime members and a nillable note; OrderList repeats order.
 */
export const SHOP_NS = {
  service: 'http://shop.example/service',
  contract: 'http://tempuri.org/',
  data: 'http://schemas.datacontract.org/2004/07/Shop',
  postal: 'urn:shop:postal',
} as const

export const SHOP_OPERATIONS = ['Place', 'Register', 'ListOrders'] as const

const XS = 'http://www.w3.org/2001/XMLSchema'

/** Where a schema imports another from: a URL (served) or a file name (xmllint); null: no location (one inline document). */
export type SchemaLocations = Record<'xsd0' | 'xsd1' | 'xsd2', string | null>

const importOf = (ns: string, location: string | null) => `<xs:import namespace="${ns}"${location === null ? '' : ` schemaLocation="${location}"`}/>`

export const xsd0 = (at: SchemaLocations) => `<xs:schema xmlns:xs="${XS}" xmlns:tns="${SHOP_NS.contract}" xmlns:q1="${SHOP_NS.data}" elementFormDefault="qualified" targetNamespace="${SHOP_NS.contract}">
  ${importOf(SHOP_NS.data, at.xsd1)}
  <xs:element name="Place"><xs:complexType><xs:sequence>
    <xs:element minOccurs="0" name="order" nillable="true" type="q1:Order"/>
  </xs:sequence></xs:complexType></xs:element>
  <xs:element name="PlaceResponse"><xs:complexType><xs:sequence>
    <xs:element minOccurs="0" name="PlaceResult" nillable="true" type="xs:string"/>
  </xs:sequence></xs:complexType></xs:element>
  <xs:element name="Register"><xs:complexType><xs:sequence>
    <xs:element name="customer" type="q1:Customer"/>
    <xs:element minOccurs="0" name="referrer" type="xs:string"/>
  </xs:sequence></xs:complexType></xs:element>
  <xs:element name="RegisterResponse"><xs:complexType><xs:sequence>
    <xs:element name="RegisterResult" type="xs:int"/>
  </xs:sequence></xs:complexType></xs:element>
  <xs:element name="ListOrders"><xs:complexType><xs:sequence>
    <xs:element name="customerId" type="xs:int"/>
  </xs:sequence></xs:complexType></xs:element>
  <xs:element name="ListOrdersResponse"><xs:complexType><xs:sequence>
    <xs:element minOccurs="0" name="ListOrdersResult" nillable="true" type="q1:OrderList"/>
  </xs:sequence></xs:complexType></xs:element>
</xs:schema>`

export const xsd1 = (at: SchemaLocations) => `<xs:schema xmlns:xs="${XS}" xmlns:tns="${SHOP_NS.data}" xmlns:p="${SHOP_NS.postal}" elementFormDefault="qualified" targetNamespace="${SHOP_NS.data}">
  ${importOf(SHOP_NS.postal, at.xsd2)}
  <xs:complexType name="Order"><xs:sequence>
    <xs:element name="id" type="xs:string"/>
    <xs:element name="qty" type="xs:int"/>
    <xs:element minOccurs="0" name="amount" type="xs:decimal"/>
    <xs:element minOccurs="0" name="express" type="xs:boolean"/>
    <xs:element minOccurs="0" name="placedAt" type="xs:dateTime"/>
    <xs:element minOccurs="0" name="note" nillable="true" type="xs:string"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="Customer"><xs:sequence>
    <xs:element name="Name" type="xs:string"/>
    <xs:element name="Address" type="p:Address"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="OrderList"><xs:sequence>
    <xs:element minOccurs="0" maxOccurs="unbounded" name="order" type="tns:Order"/>
  </xs:sequence></xs:complexType>
</xs:schema>`

export const xsd2 = () => `<xs:schema xmlns:xs="${XS}" xmlns:tns="${SHOP_NS.postal}" targetNamespace="${SHOP_NS.postal}">
  <xs:complexType name="Address"><xs:sequence>
    <xs:element name="street" type="xs:string"/>
    <xs:element name="city" type="xs:string"/>
    <xs:element minOccurs="0" name="zip" form="qualified" type="xs:string"/>
  </xs:sequence></xs:complexType>
</xs:schema>`

const messagesAndPortType = () =>
  SHOP_OPERATIONS.map(
    (op) => `<wsdl:message name="IShop_${op}_InputMessage"><wsdl:part name="parameters" element="tns:${op}"/></wsdl:message>
  <wsdl:message name="IShop_${op}_OutputMessage"><wsdl:part name="parameters" element="tns:${op}Response"/></wsdl:message>`,
  ).join('\n  ') +
  `\n  <wsdl:portType name="IShop">${SHOP_OPERATIONS.map(
    (op) => `<wsdl:operation name="${op}"><wsdl:input wsaw:Action="${SHOP_NS.contract}IShop/${op}" message="tns:IShop_${op}_InputMessage"/><wsdl:output message="tns:IShop_${op}_OutputMessage"/></wsdl:operation>`,
  ).join('')}</wsdl:portType>`

const binding = (contractPrefix: string) => `<wsdl:binding name="BasicHttpBinding_IShop" type="${contractPrefix}:IShop">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
    ${SHOP_OPERATIONS.map(
      (op) => `<wsdl:operation name="${op}"><soap:operation soapAction="${SHOP_NS.contract}IShop/${op}" style="document"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>`,
    ).join('\n    ')}
  </wsdl:binding>`

const DEFINITIONS_NS = `xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xsd="${XS}" xmlns:wsaw="http://www.w3.org/2006/05/addressing/wsdl"`

/** The documents of the WCF pattern, by the address each is served at: `<base>?wsdl`, `?wsdl=wsdl0`, `?xsd=xsd0..2`. */
export function wcfDocuments(base: string, address: string): Record<string, string> {
  const at: SchemaLocations = { xsd0: `${base}?xsd=xsd0`, xsd1: `${base}?xsd=xsd1`, xsd2: `${base}?xsd=xsd2` }
  const head = '<?xml version="1.0" encoding="utf-8"?>'
  return {
    [`${base}?wsdl`]: `${head}<wsdl:definitions name="ShopService" targetNamespace="${SHOP_NS.service}" ${DEFINITIONS_NS} xmlns:tns="${SHOP_NS.service}" xmlns:i0="${SHOP_NS.contract}">
  <wsdl:import namespace="${SHOP_NS.contract}" location="${base}?wsdl=wsdl0"/>
  <wsdl:types/>
  ${binding('i0')}
  <wsdl:service name="ShopService"><wsdl:port name="BasicHttpBinding_IShop" binding="tns:BasicHttpBinding_IShop"><soap:address location="${address}"/></wsdl:port></wsdl:service>
</wsdl:definitions>`,
    [`${base}?wsdl=wsdl0`]: `${head}<wsdl:definitions targetNamespace="${SHOP_NS.contract}" ${DEFINITIONS_NS} xmlns:tns="${SHOP_NS.contract}">
  <wsdl:types><xsd:schema targetNamespace="${SHOP_NS.contract}Imports">
    <xsd:import schemaLocation="${at.xsd0}" namespace="${SHOP_NS.contract}"/>
    <xsd:import schemaLocation="${at.xsd1}" namespace="${SHOP_NS.data}"/>
    <xsd:import schemaLocation="${at.xsd2}" namespace="${SHOP_NS.postal}"/>
  </xsd:schema></wsdl:types>
  ${messagesAndPortType()}
</wsdl:definitions>`,
    [at.xsd0!]: `${head}${xsd0(at)}`,
    [at.xsd1!]: `${head}${xsd1(at)}`,
    [at.xsd2!]: `${head}${xsd2()}`,
  }
}

/** The same service as one document (every schema inline, imported by namespace): what the node-soap server is given. */
export function singleDocument(address: string): string {
  const none: SchemaLocations = { xsd0: null, xsd1: null, xsd2: null }
  return `<?xml version="1.0" encoding="utf-8"?><wsdl:definitions name="ShopService" targetNamespace="${SHOP_NS.contract}" ${DEFINITIONS_NS} xmlns:tns="${SHOP_NS.contract}">
  <wsdl:types>${xsd2()}${xsd1(none)}${xsd0(none)}</wsdl:types>
  ${messagesAndPortType()}
  ${binding('tns')}
  <wsdl:service name="ShopService"><wsdl:port name="BasicHttpBinding_IShop" binding="tns:BasicHttpBinding_IShop"><soap:address location="${address}"/></wsdl:port></wsdl:service>
</wsdl:definitions>`
}
