import { SERVER_API_WS as WS, SERVER_API_WS_FAULT_FIELDS, SERVER_API_WS_REQUEST_FIELDS, SERVER_API_WS_RESPONSE_FIELDS, type SoapField } from '../../../../shared/contract/datahub/serverApiWs'
import { NS } from '../../../kernel/xml'
import { escapeAttribute } from '../../soap/xmlText'

const HTTP_TRANSPORT = 'http://schemas.xmlsoap.org/soap/http'

const field = (f: SoapField) =>
  `<xs:element name="${f.name}" type="xs:${f.type}"${f.optional || f.repeated ? ' minOccurs="0"' : ''}${f.repeated ? ' maxOccurs="unbounded"' : ''}/>`
const element = (name: string, fields: readonly SoapField[]) =>
  `<xs:element name="${name}"><xs:complexType><xs:sequence>${fields.map(field).join('')}</xs:sequence></xs:complexType></xs:element>`

/** One binding of the operation: the same document/literal messages in either SOAP version's vocabulary. */
const binding = (name: string, soap: 'soap' | 'soap12') => `
  <wsdl:binding name="${name}" type="tns:${WS.service}PortType">
    <${soap}:binding style="document" transport="${HTTP_TRANSPORT}"/>
    <wsdl:operation name="${WS.operation}">
      <${soap}:operation soapAction="${WS.soapAction}" style="document"/>
      <wsdl:input><${soap}:body use="literal"/></wsdl:input>
      <wsdl:output><${soap}:body use="literal"/></wsdl:output>
      <wsdl:fault name="${WS.faultElement}"><${soap}:fault name="${WS.faultElement}" use="literal"/></wsdl:fault>
    </wsdl:operation>
  </wsdl:binding>`

/**
 * The WSDL 1.1 of the serverApiWS service (contract: SERVER_API_WS): one document/literal
 * operation with a SOAP 1.1 and a SOAP 1.2 binding, both served at `address` (the address the
 * caller reached the hub at, so that a generated client calls back the same way).
 */
export function serverApiWsdl(address: string): string {
  const location = escapeAttribute(address)
  return `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions name="${WS.service}" targetNamespace="${WS.namespace}" xmlns:tns="${WS.namespace}"
  xmlns:wsdl="${NS.wsdl}" xmlns:soap="${NS.soap11}" xmlns:soap12="${NS.soap12}" xmlns:xs="${NS.xsd}">
  <wsdl:documentation>DataHub ingress for serverApiWS producers: pushes one message (data) to the topic topicCode.</wsdl:documentation>
  <wsdl:types>
    <xs:schema targetNamespace="${WS.namespace}" elementFormDefault="qualified">
      ${element(WS.requestElement, SERVER_API_WS_REQUEST_FIELDS)}
      ${element(WS.responseElement, SERVER_API_WS_RESPONSE_FIELDS)}
      ${element(WS.faultElement, SERVER_API_WS_FAULT_FIELDS)}
    </xs:schema>
  </wsdl:types>
  <wsdl:message name="${WS.operation}Request"><wsdl:part name="parameters" element="tns:${WS.requestElement}"/></wsdl:message>
  <wsdl:message name="${WS.operation}Response"><wsdl:part name="parameters" element="tns:${WS.responseElement}"/></wsdl:message>
  <wsdl:message name="${WS.faultElement}"><wsdl:part name="fault" element="tns:${WS.faultElement}"/></wsdl:message>
  <wsdl:portType name="${WS.service}PortType">
    <wsdl:operation name="${WS.operation}">
      <wsdl:input message="tns:${WS.operation}Request"/>
      <wsdl:output message="tns:${WS.operation}Response"/>
      <wsdl:fault name="${WS.faultElement}" message="tns:${WS.faultElement}"/>
    </wsdl:operation>
  </wsdl:portType>${binding(`${WS.service}Soap11`, 'soap')}${binding(`${WS.service}Soap12`, 'soap12')}
  <wsdl:service name="${WS.service}">
    <wsdl:port name="${WS.service}Soap11Port" binding="tns:${WS.service}Soap11"><soap:address location="${location}"/></wsdl:port>
    <wsdl:port name="${WS.service}Soap12Port" binding="tns:${WS.service}Soap12"><soap12:address location="${location}"/></wsdl:port>
  </wsdl:service>
</wsdl:definitions>
`
}
