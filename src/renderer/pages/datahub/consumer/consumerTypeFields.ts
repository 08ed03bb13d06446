import { CONSUMER_MODEL_RULES, EXCEL_FILE_PER, EXCEL_PER_MESSAGE, type ConsumeType } from '../../../../shared/rules/datahub/consumer'

/** How one sub-model field is edited. */
export type TypeFieldKind = 'text' | 'yesno' | 'method' | 'dict' | 'readonly' | 'wsdl' | 'choice'

export interface TypeField {
  field: string
  /** Label key in the consumer namespace. */
  label: string
  kind: TypeFieldKind
  dictType?: string
  /** 'choice': the values offered, each labelled by the key `${label}_${value}`. */
  choices?: readonly string[]
  /** A line under the field, by key in the consumer namespace. */
  hint?: string
  /** Shown only in this state of the model (e.g. the authentication method when authentication is on). */
  showWhen?: (model: Record<string, unknown>) => boolean
}

const text = (field: string): TypeField => ({ field, label: `field_${field}`, kind: 'text' })

/**
 * The fields of each consume type's sub-model (spec part 1 §3), in the order an administrator
 * fills them. The editor renders them from this list; the rules are the shared ones
 * (CONSUMER_MODEL_RULES), which also say which are required. serverApi has nothing to fill: its
 * address is fixed by the hub.
 */
export const CONSUMER_TYPE_FIELDS: Record<ConsumeType, readonly TypeField[]> = {
  dblink: [text('targetTableName'), { field: 'isUpdateRecord', label: 'field_isUpdateRecord', kind: 'yesno' }, { ...text('compareField'), showWhen: (m) => m.isUpdateRecord === '1' }],
  bigdata: [text('targetTableName'), text('columnFamily'), text('rowKey')],
  mq: [text('exchangeName'), text('queueName'), text('routingKey')],
  file: [text('fileDir'), { field: 'fileNameRule', label: 'field_fileNameRule', kind: 'dict', dictType: 'dh_file_name_rule' }, text('fileNamePrefix')],
  http: [
    { field: 'requestMethod', label: 'field_requestMethod', kind: 'method' },
    text('requestUri'),
    text('requestToken'),
    { field: 'authenStatus', label: 'field_authenStatus', kind: 'yesno' },
    { ...text('authenId'), showWhen: (m) => m.authenStatus === '1' },
    // Ours: the message's properties (an mq producer's AMQP message id, correlation id…) as headers.
    { field: 'passMessageProperties', label: 'field_passMessageProperties', kind: 'yesno', hint: 'passMessageProperties_hint' },
    { field: 'callbackStrategy', label: 'field_callbackStrategy', kind: 'dict', dictType: 'pf_callback_method' },
    { ...text('callbackReqType'), showWhen: (m) => m.callbackStrategy === '2' },
    { ...text('callbackReqApi'), showWhen: (m) => m.callbackStrategy === '2' },
    { ...text('callbackReqParam'), showWhen: (m) => m.callbackStrategy === '2' },
  ],
  // The WSDL panel edits wsdlUrl, methodName and the operation's parameters (resolve, then choose).
  webservice: [{ field: 'wsdlUrl', label: 'field_wsdlUrl', kind: 'wsdl' }, text('namespace'), text('serviceAddress'), { field: 'callbackStrategy', label: 'field_callbackStrategy', kind: 'dict', dictType: 'pf_callback_method' }],
  serverApi: [{ field: 'apiAddr', label: 'field_apiAddr', kind: 'readonly' }],
  // The sheet's layout, then where its workbooks go (ours, modelled on file's: the data source
  // is the file location, fileDir a folder below it, then the prefix and how files are cut).
  excel: [
    text('sheetName'),
    text('modelCodeCellIndex'),
    text('headerRowNum'),
    text('valueStartRowNum'),
    { ...text('fileDir'), hint: 'excel_fileDir_hint' },
    text('fileNamePrefix'),
    { field: 'filePer', label: 'field_filePer', kind: 'choice', choices: EXCEL_FILE_PER, hint: 'excel_filePer_hint' },
  ],
}

/** Whether the shared rule requires the field in the editor (in the model's current state). */
export function isRequired(type: ConsumeType, field: string, model: Record<string, unknown>): boolean {
  const rule = CONSUMER_MODEL_RULES[type].find((r) => r.field === field)
  return rule?.required === true && (rule.when?.(model) ?? true)
}

/** Spec part 1 §3 defaults of a new sub-model. */
export function blankModel(type: ConsumeType): Record<string, string> {
  switch (type) {
    case 'http':
      return { requestMethod: 'POST', authenStatus: '0', passMessageProperties: '0', callbackStrategy: '1' }
    case 'webservice':
      return { callbackStrategy: '1' }
    case 'serverApi':
      return { apiAddr: '/consumer/serverApi' }
    case 'dblink':
      return { isUpdateRecord: '0' }
    case 'excel':
      return { filePer: EXCEL_PER_MESSAGE }
    default:
      return {}
  }
}
