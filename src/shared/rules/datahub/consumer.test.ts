import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { checkConsumerModel, consumerFormSchema, nextConsumerStatus, REQUEST_URI } from './consumer'
import { parseFieldMappings } from './mapping'
import { producerFormSchema } from './producer'
import { propertyRowRuleSchema } from './property'

const issues = (schema: typeof consumerFormSchema | typeof producerFormSchema | typeof propertyRowRuleSchema, value: object) =>
  Object.fromEntries(schema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [])

describe('consumer rules', () => {
  it('toggles 0 → 1, 1 → 2 and a stopped 2 → 1', () => {
    expect(['0', '1', '2'].map(nextConsumerStatus)).toEqual(['1', '2', '1'])
  })

  it('requires topic, application code and consume type', () => {
    expect(issues(consumerFormSchema, {})).toEqual({
      topicCode: 'msg_topic_required',
      applicationCode: 'msg_app_code_required',
      dataConsumeType: 'msg_consume_type_required',
    })
    expect(issues(consumerFormSchema, { topicCode: 't', applicationCode: 'a-b', dataConsumeType: 'file', applicationType: 'x_y' })).toEqual({
      applicationCode: 'msg_application_rule',
      applicationType: 'msg_application_rule',
    })
  })

  it('accepts mapping and notification lists as JSON text only', () => {
    const base = { topicCode: 't', applicationCode: 'erp', dataConsumeType: 'dblink' }
    expect(issues(consumerFormSchema, { ...base, fieldMappings: '{}', notifyInfo: 'x' })).toEqual({
      fieldMappings: 'msg_field_mappings_invalid',
      notifyInfo: 'msg_notify_info_invalid',
    })
    expect(issues(consumerFormSchema, { ...base, fieldMappings: '[{"sourceFieldName":"a","targetFieldName":"A"}]', notifyInfo: '[]' })).toEqual({})
    expect(parseFieldMappings('')).toEqual([])
    expect(parseFieldMappings('[{"sourceFieldName":" a ","targetFieldName":"A"}]')).toEqual([{ sourceFieldName: 'a', targetFieldName: 'A' }])
    expect(parseFieldMappings('[{"sourceFieldName":"","targetFieldName":"A"}]')).toBeNull()
  })
})

describe('consumer sub-model rules', () => {
  const editor = z.looseObject({ dataConsumeType: z.string() }).superRefine((v, ctx) => checkConsumerModel(v, ctx, true))
  const hub = z.looseObject({ dataConsumeType: z.string() }).superRefine((v, ctx) => checkConsumerModel(v, ctx, false))
  const keys = (schema: typeof editor, value: object) => Object.fromEntries(schema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [])

  it('the editor requires the data source and the target table of a dblink or bigdata consumer', () => {
    expect(keys(editor, { dataConsumeType: 'dblink' })).toEqual({ datasourceName: 'msg_field_required', 'dbLinkRequestInfoModel.targetTableName': 'msg_field_required' })
    expect(keys(editor, { dataConsumeType: 'bigdata', datasourceName: 'hb', bigDataRequestInfoModel: { targetTableName: 't'.repeat(51) } })).toEqual({
      'bigDataRequestInfoModel.targetTableName': 'msg_field_invalid',
    })
    expect(keys(editor, { dataConsumeType: 'dblink', datasourceName: 'db1', dbLinkRequestInfoModel: { targetTableName: ' orders ' } })).toEqual({})
  })

  it('file needs a directory and a file-name rule; mq a queue (200 at most)', () => {
    expect(keys(editor, { dataConsumeType: 'file', datasourceName: 'f', fileRequestInfoModel: { fileDir: '/data' } })).toEqual({ 'fileRequestInfoModel.fileNameRule': 'msg_field_required' })
    expect(keys(editor, { dataConsumeType: 'mq', datasourceName: 'mq', mqRequestInfoModel: { queueName: 'q'.repeat(201), routingKey: 'r' } })).toEqual({
      'mqRequestInfoModel.queueName': 'msg_field_invalid',
    })
  })

  it('http: method and URI required, the URI a URL or a path starting with /; authentication method only when on', () => {
    const http = (m: object) => ({ dataConsumeType: 'http', httpRequestInfoModel: { requestMethod: 'POST', authenStatus: '0', ...m } })
    expect(keys(editor, http({ requestUri: 'orders/in' }))).toEqual({ 'httpRequestInfoModel.requestUri': 'msg_field_invalid' })
    expect(keys(editor, http({ requestUri: '/orders/in' }))).toEqual({})
    expect(keys(editor, http({ requestUri: 'https://wms.example.com/in', authenStatus: '1' }))).toEqual({ 'httpRequestInfoModel.authenId': 'msg_field_required' })
    expect(REQUEST_URI.test('ftp://x')).toBe(false)
    expect(REQUEST_URI.test('http:// x')).toBe(false)
  })

  it('excel rows are positive integers and its workbooks need a file location; the hub checks formats but not presence', () => {
    expect(keys(editor, { dataConsumeType: 'excel', excelModels: [{ sheetName: 's', modelCodeCellIndex: 'A1', headerRowNum: '0', valueStartRowNum: '2' }] })).toEqual({
      datasourceName: 'msg_field_required',
      'excelModels.0.headerRowNum': 'msg_field_invalid',
    })
    expect(keys(hub, { dataConsumeType: 'dblink' })).toEqual({})
    expect(keys(hub, { dataConsumeType: 'http', httpRequestInfoModel: { requestUri: 'no slash' } })).toEqual({ 'httpRequestInfoModel.requestUri': 'msg_field_invalid' })
  })

  it('an excel destination: sub-folder and prefix optional (the base folder, no prefix), a workbook per message or per day', () => {
    const sheet = { sheetName: 's', modelCodeCellIndex: 'A1', headerRowNum: '1', valueStartRowNum: '2' }
    expect(keys(editor, { dataConsumeType: 'excel', datasourceName: 'loc', excelModels: [sheet] })).toEqual({})
    expect(keys(editor, { dataConsumeType: 'excel', datasourceName: 'loc', excelModels: [{ ...sheet, fileDir: 'out/daily', fileNamePrefix: 'x_', filePer: 'day' }] })).toEqual({})
    expect(keys(hub, { dataConsumeType: 'excel', excelModels: [{ ...sheet, fileDir: 'd'.repeat(1001), fileNamePrefix: 'p'.repeat(201), filePer: 'week' }] })).toEqual({
      'excelModels.0.fileDir': 'msg_field_invalid',
      'excelModels.0.fileNamePrefix': 'msg_field_invalid',
      'excelModels.0.filePer': 'msg_field_invalid',
    })
  })
})

describe('producer rules', () => {
  it('require topic, application and mode, with the schedule defaults', () => {
    expect(issues(producerFormSchema, {})).toEqual({
      topicCode: 'msg_topic_required',
      appCode: 'msg_app_code_required',
      productionMode: 'msg_production_mode_required',
    })
    expect(producerFormSchema.parse({ topicCode: 't', appCode: 'crm', productionMode: 'excel' })).toMatchObject({ requestStrategy: '1', intervalUnit: '1', columns: '*', appType: '0' })
    expect(issues(producerFormSchema, { topicCode: 't', appCode: 'crm', productionMode: 'http', pollingInterval: '0', requestSchema: 's'.repeat(5001) })).toEqual({
      pollingInterval: 'msg_positive_integer',
      requestSchema: 'msg_schema_length',
    })
  })
})

describe('property rows', () => {
  it('need a code and a value', () => {
    expect(issues(propertyRowRuleSchema, { propsCode: ' ', propsValue: '' })).toEqual({ propsCode: 'msg_props_code_required', propsValue: 'msg_props_value_required' })
    expect(propertyRowRuleSchema.parse({ propsCode: 'k', propsValue: 'v' })).toEqual({ propsSource: 'custom', propsCode: 'k', propsValue: 'v', propsLocation: 'processor' })
  })
})
