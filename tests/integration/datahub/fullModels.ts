/**
 * Every mode sub-model with every field set, to prove they come back exactly as saved
 * (the mode editors and their rules come later; the hub stores these faithfully).
 */
const rows = [{ key: 'page', value: '1', description: 'first page', checked: true }, { key: 'size', value: '50', description: '', checked: false }]
const props = [
  { propsSource: 'builtin' as const, propsCode: 'charset', propsName: '字符集', propsValue: 'UTF-8', propsDesc: 'encoding', propsValForm: '{"type":"select","values":["UTF-8","GBK"]}', propsLocation: 'processor' },
  { propsSource: 'custom' as const, propsCode: 'x-trace', propsValue: 'on', propsLocation: 'header' },
]
const http = {
  url: 'https://api.example.com/orders',
  method: 'POST',
  params: rows,
  authorization: { display: '1', appName: 'CRM', appCode: 'crm', selectedAuth: 'auth-1' },
  headers: rows,
  body: { type: 'raw', formData: rows, formUrlEncoded: rows, raw: { rawType: 'JSON', content: '{"a":1}' } },
}
const ws = {
  wsdlUrl: 'http://ws.example.com/svc?wsdl',
  methodName: 'Push',
  namespace: 'urn:example',
  parameters: [{ name: 'payload', type: 'string' }],
  headerMethodName: 'Auth',
  headerParameters: [{ name: 'token', value: 'abc' }],
}
const webService = { ...ws, serviceAddress: 'http://ws.example.com/svc', portName: 'SvcPort', properties: props }
const api = { apiAddr: '/producer/serverApi', apiWSAddr: '/webservice/producer/serverApiWS?wsdl', callbackStrategy: '2', callbackHttpParamsModel: http, properties: props }
const excel = [{ sheetName: 'Sheet1', modelCodeCellIndex: 'A1', headerRowNum: 2, valueStartRowNum: '3', properties: props }]
const mq = { dataSourceName: 'rabbit', exchangeName: 'ex', queueName: 'q', routingKey: 'rk', brokerUrl: 'amqp://broker', properties: props }
const callback = { callbackStrategy: '3', callbackReqType: 'POST', callbackReqApi: '/cb', callbackReqParam: 'id=1' }

export const fullProducerModels = {
  httpRequestInfoModel: {
    httpParamsModel: http,
    callbackHttpParamsModel: http,
    callbackWSParamsModel: ws,
    ...callback,
    requestType: 'POST',
    requestApi: '/orders',
    requestParam: 'a=1',
    authenStatus: '1',
    authenId: 'auth-1',
    dataStrategy: '1',
    isRecordTaskTime: '1',
    taskTimeSourceType: '2',
    taskTimeSourceField: 'updatedAt',
    taskTimeSourceFormat: 'yyyy-MM-dd HH:mm:ss',
    isPagination: '1',
    paginationParam: 'page',
    paginationLevel: 2,
    paginationStop: 'next',
    properties: props,
  },
  apiRequestInfoModel: api,
  bigdataRequestInfoModel: {
    dataSourceName: 'hbase1', tableName: 't', querySql: 'select 1', timestarpField: 'ts', dataSynch: 'up', profileField: 'p', dataStoreType: '1', columnRow: 'cf:a', properties: props,
  },
  dbLinkRequestInfoModel: {
    dataSourceName: 'db1', dataGetMethod: '1', sortField: 'id', tableName: 'orders', columnModelList: [{ columnName: 'id', synchStatus: '1' }],
    queryCondition: 'id > 0', querySql: 'select id from orders', timestarpField: 'ts', dataSynch: 'up', taskStartTime: '2025-01-01 00:00:00',
    batchGetData: '1', everyBatchCount: 500, batchFailRetry: '1', failRetry: '1', queryType: 'pageList', profileField: 'p',
    lastUpdateTime: '2025-01-02 00:00:00', dataStoreType: '1', searchPageSize: '20', properties: props,
  },
  excelModels: excel,
  webServiceRequestInfoModel: webService,
  mqRequestInfoModel: mq,
  ldapRequestInfoModel: { dataSourceName: 'ldap1', base: 'dc=example,dc=com', queryCondition: '(objectClass=person)', resultFields: 'cn,mail', properties: props },
}

export const fullConsumerModels = {
  webServiceRequestInfoModel: { ...webService, ...callback },
  apiRequestInfoModel: api,
  httpRequestInfoModel: {
    httpParamsModel: http, requestUri: '/receive', requestMethod: 'POST', ...callback, callbackHttpParamsModel: http, callbackWSParamsModel: ws,
    requestToken: 'tok', authenStatus: '1', authenId: 'auth-2', authenName: 'static token', properties: props,
  },
  dbLinkRequestInfoModel: { targetTableName: 'orders_copy', fieldMappings: '[{"sourceFieldName":"id","targetFieldName":"ID"}]', isUpdateRecord: '1', compareField: 'id', properties: props },
  excelModels: excel,
  fileRequestInfoModel: { fileDir: '/data/out', fileNameRule: '1', fileNamePrefix: 'orders_', properties: props },
  mqRequestInfoModel: mq,
  bigDataRequestInfoModel: { targetTableName: 'orders_h', columnFamily: 'cf', rowKey: 'id', fieldMappings: '[]', properties: props },
}

export const notifyInfo = JSON.stringify([
  { type: 'db', status: '1', receiver: { datasourceName: 'db1', tableName: 'dh_task_result_notify' } },
  { type: 'http', status: '0', receiver: { url: 'https://hook.example.com', method: 'POST', params: rows, headers: rows, body: { type: 'raw', raw: { rawType: 'JSON', content: '{}' } } } },
  { type: 'email', status: '1', receiver: 'ops@example.com' },
])
export const fieldMappings = JSON.stringify([{ sourceFieldName: 'orderId', targetFieldName: 'ORDER_ID' }, { sourceFieldName: 'amount', targetFieldName: 'AMOUNT' }])
