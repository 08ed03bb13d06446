import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  checkProducerMode,
  clearForActiveMq,
  generatedQuery,
  normaliseProducerMode,
  onBatchGetChange,
  onRetryFlagChange,
  SERVER_API_ADDR,
  SERVER_API_WS_ADDR,
  type ModeContext,
} from './producerModes'

const issues = (value: object, context: ModeContext = {}) => {
  const schema = z.looseObject({}).superRefine((v, ctx) => checkProducerMode(v, ctx, context))
  return Object.fromEntries(schema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [])
}
const dblink = {
  dataSourceName: 'db1', dataGetMethod: '1', queryType: 'pageList', querySql: 'select * from t', dataSynch: 'all', batchGetData: '0', failRetry: '0',
}

describe('producer mode rules', () => {
  it('check only the active mode, and only when its sub-model is sent', () => {
    expect(issues({ productionMode: 'http' })).toEqual({})
    expect(issues({ productionMode: 'dblink', httpRequestInfoModel: {} })).toEqual({})
    expect(issues({ productionMode: 'http', httpRequestInfoModel: {} })).toEqual({
      'httpRequestInfoModel.requestType': 'msg_field_required',
      'httpRequestInfoModel.requestApi': 'msg_field_required',
    })
  })

  it('http: authentication method when authentication is on, task-time field when read from the data, pagination parameter when paging', () => {
    const base = { requestType: 'GET', requestApi: 'https://a.example/x' }
    expect(issues({ productionMode: 'http', httpRequestInfoModel: { ...base, authenStatus: '1', isRecordTaskTime: '1', taskTimeSourceType: '2', isPagination: '1' } })).toEqual({
      'httpRequestInfoModel.authenId': 'msg_field_required',
      'httpRequestInfoModel.taskTimeSourceField': 'msg_field_required',
      'httpRequestInfoModel.paginationParam': 'msg_field_required',
    })
    expect(issues({ productionMode: 'http', httpRequestInfoModel: { ...base, requestApi: 'x'.repeat(1001) } })).toEqual({ 'httpRequestInfoModel.requestApi': 'msg_field_invalid' })
  })

  it("webservice: 'WSDL地址不能为空', method and service address required", () => {
    expect(issues({ productionMode: 'webservice', webServiceRequestInfoModel: { wsdlUrl: ' ' } })).toEqual({
      'webServiceRequestInfoModel.wsdlUrl': 'msg_wsdl_address_required',
      'webServiceRequestInfoModel.methodName': 'msg_field_required',
      'webServiceRequestInfoModel.serviceAddress': 'msg_field_required',
    })
  })

  it('dblink: incremental needs the timestamp field and start time, store type 1 the field, batch the count; page size 1-20', () => {
    expect(issues({ productionMode: 'dblink', dbLinkRequestInfoModel: dblink })).toEqual({})
    expect(issues({ productionMode: 'dblink', dbLinkRequestInfoModel: { ...dblink, dataSynch: 'up', dataStoreType: '1', batchGetData: '1', searchPageSize: '21' } })).toEqual({
      'dbLinkRequestInfoModel.timestarpField': 'msg_field_required',
      'dbLinkRequestInfoModel.taskStartTime': 'msg_field_required',
      'dbLinkRequestInfoModel.profileField': 'msg_field_required',
      'dbLinkRequestInfoModel.everyBatchCount': 'msg_positive_integer',
      'dbLinkRequestInfoModel.searchPageSize': 'msg_field_invalid',
    })
    expect(issues({ productionMode: 'dblink', dbLinkRequestInfoModel: { ...dblink, querySql: '', dataSourceName: 'x'.repeat(51) } })).toEqual({
      'dbLinkRequestInfoModel.querySql': 'msg_field_required',
      'dbLinkRequestInfoModel.dataSourceName': 'msg_field_invalid',
    })
  })

  it('dblink: the sort field is required on SQL Server sources read by method 1 only', () => {
    const m = { productionMode: 'dblink', dbLinkRequestInfoModel: dblink }
    expect(issues(m, { sourceKind: 'sqlserver' })).toEqual({ 'dbLinkRequestInfoModel.sortField': 'msg_field_required' })
    expect(issues(m, { sourceKind: 'mysql' })).toEqual({})
    expect(issues({ ...m, dbLinkRequestInfoModel: { ...dblink, dataGetMethod: '2' } }, { sourceKind: 'sqlserver' })).toEqual({})
  })

  it('mq: queue required; exchange name required for RabbitMQ only; ldap, excel (first sheet), bigdata', () => {
    expect(issues({ productionMode: 'mq', mqRequestInfoModel: { queueName: 'q' } }, { sourceKind: 'rabbitmq' })).toEqual({ 'mqRequestInfoModel.exchangeName': 'msg_field_required' })
    expect(issues({ productionMode: 'mq', mqRequestInfoModel: { queueName: 'q' } }, { sourceKind: 'activemq' })).toEqual({})
    expect(Object.keys(issues({ productionMode: 'ldap', ldapRequestInfoModel: { dataSourceName: 'l' } }))).toEqual([
      'ldapRequestInfoModel.base', 'ldapRequestInfoModel.queryCondition', 'ldapRequestInfoModel.resultFields',
    ])
    expect(issues({ productionMode: 'excel', excelModels: [{ sheetName: 'S', modelCodeCellIndex: 0, headerRowNum: '', valueStartRowNum: 'x' }] })).toEqual({
      'excelModels.0.headerRowNum': 'msg_field_required',
      'excelModels.0.valueStartRowNum': 'msg_positive_integer',
    })
    expect(issues({ productionMode: 'bigdata', bigdataRequestInfoModel: { dataSourceName: 'h', tableName: 't', querySql: 's', dataSynch: 'up', dataStoreType: '2' } })).toEqual({
      'bigdataRequestInfoModel.timestarpField': 'msg_field_required',
    })
  })
})

describe('producer mode transitions (spec §4)', () => {
  it('authorization not displayed clears the selected method; not recording task time clears its fields', () => {
    const api = { url: 'u', authorization: { display: '0', selectedAuth: 'a1' } }
    const out = normaliseProducerMode({
      productionMode: 'http',
      httpRequestInfoModel: { httpParamsModel: api, isRecordTaskTime: '0', taskTimeSourceType: '2', taskTimeSourceField: 'ts', taskTimeSourceFormat: 'f' },
    })
    expect(out.httpRequestInfoModel).toMatchObject({ httpParamsModel: { authorization: { display: '0', selectedAuth: '' } }, taskTimeSourceType: '', taskTimeSourceField: '', taskTimeSourceFormat: '' })
    const kept = normaliseProducerMode({ productionMode: 'http', httpRequestInfoModel: { httpParamsModel: { authorization: { display: '1', selectedAuth: 'a1' } }, isRecordTaskTime: '1', taskTimeSourceType: '1', taskTimeSourceField: 'ts' } })
    expect(kept.httpRequestInfoModel).toMatchObject({ httpParamsModel: { authorization: { selectedAuth: 'a1' } }, taskTimeSourceType: '1', taskTimeSourceField: '' })
  })

  it('serverApi and serverApiWS carry their fixed addresses', () => {
    expect(normaliseProducerMode({ productionMode: 'serverApiWS', apiRequestInfoModel: {} }).apiRequestInfoModel).toEqual({ apiWSAddr: SERVER_API_WS_ADDR })
    expect(normaliseProducerMode({ productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/elsewhere' } }).apiRequestInfoModel).toEqual({ apiAddr: SERVER_API_ADDR })
  })

  it('activemq clears exchange and routing key; rabbitmq keeps them', () => {
    const m = { queueName: 'q', exchangeName: 'ex', routingKey: 'rk' }
    expect(clearForActiveMq(m, 'activemq')).toEqual({ queueName: 'q', exchangeName: '', routingKey: '' })
    expect(clearForActiveMq(m, 'rabbitmq')).toEqual(m)
  })

  it('batch-get resets both retry flags; a retry flag sets both equal', () => {
    expect(onBatchGetChange({ failRetry: '1', batchFailRetry: '1', batchGetData: '0' }, '1')).toEqual({ batchGetData: '1', failRetry: '0', batchFailRetry: '0' })
    expect(onRetryFlagChange({ failRetry: '0', batchFailRetry: '0' }, '1')).toEqual({ failRetry: '1', batchFailRetry: '1' })
  })

  it('the generated query selects the synced columns, all when none or all are marked', () => {
    const cols = [{ columnName: 'id', synchStatus: '1' }, { columnName: 'name', synchStatus: '0' }, { columnName: 'ts', synchStatus: '1' }]
    expect(generatedQuery('orders', cols)).toBe('select id, ts from orders')
    expect(generatedQuery('orders', cols.map((c) => ({ ...c, synchStatus: '0' })))).toBe('select * from orders')
    expect(generatedQuery('orders', cols.map((c) => ({ ...c, synchStatus: '1' })))).toBe('select * from orders')
  })
})
