import type { RuleForm } from '../../../../components/useRuleForm'
import type { ProducerValues } from '../producerForm'
import { DbLinkModeForm } from './DbLinkModeForm'
import { HttpModeForm } from './HttpModeForm'
import { bindModel } from './modelBinding'
import { ServerApiModeForm } from './ServerApiModeForm'
import { BigdataModeForm, ExcelModeForm, LdapModeForm, MqModeForm } from './SourceModeForms'
import { WebServiceModeForm } from './WebServiceModeForm'

/** The active production mode's sub-form (spec §3 sub-models); nothing until a mode is chosen. */
export function ModeForm({ form }: { form: RuleForm<ProducerValues> }) {
  const b = bindModel(form)
  if (!b) return null
  const { values } = form
  const app = { appCode: values.appCode, appName: values.appName }
  const source = { b, appCode: values.appCode, sourceKind: values.sourceKind, onSourceKind: (kind: string) => kind !== values.sourceKind && form.setValue('sourceKind', kind) }
  switch (values.productionMode) {
    case 'http':
      return <HttpModeForm b={b} {...app} />
    case 'webservice':
      return <WebServiceModeForm b={b} />
    case 'serverApi':
    case 'serverApiWS':
      return <ServerApiModeForm b={b} ws={values.productionMode === 'serverApiWS'} {...app} />
    case 'dblink':
      return <DbLinkModeForm {...source} />
    case 'excel':
      return <ExcelModeForm b={b} />
    case 'ldap':
      return <LdapModeForm {...source} />
    case 'mq':
      return <MqModeForm {...source} />
    case 'bigdata':
      return <BigdataModeForm {...source} />
    default:
      return null
  }
}
