import { useTranslation } from 'react-i18next'
import { FormField } from '../../../../components/FormField'
import { WsdlResolvePanel } from '../../wsdl/WsdlResolvePanel'
import type { WsdlFields } from '../../wsdl/wsdlSelection'
import { ModelText, type ModelBinding } from './modelBinding'

/**
 * webservice (spec §2/§3): the WSDL address with Resolve, the operation select, its parameters
 * with the values each run sends, and SOAP header parameters (helper panel, which resets them
 * on resolve and fills them from the chosen operation, §4), then namespace, port and the
 * service address, which stay editable.
 */
export function WebServiceModeForm({ b }: { b: ModelBinding }) {
  const { t } = useTranslation()
  return (
    <>
      <WsdlResolvePanel value={b.model as WsdlFields} onChange={(change) => b.set(change as Record<string, unknown>)} wsdlUrlError={b.error('wsdlUrl')} parameterValues />
      {/* The operation is chosen in the panel; the rule's message for it shows here. */}
      {b.error('methodName') && <FormField label={t('producer:field_method_name')} errorKey={b.error('methodName')}>{null}</FormField>}
      <ModelText b={b} field="namespace" label={t('producer:field_namespace')} />
      <ModelText b={b} field="portName" label={t('producer:field_port_name')} />
      <ModelText b={b} field="serviceAddress" label={t('producer:field_service_address')} required />
    </>
  )
}
