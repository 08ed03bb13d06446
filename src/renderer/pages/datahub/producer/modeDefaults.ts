import { SERVER_API_ADDR, SERVER_API_WS_ADDR } from '../../../../shared/rules/datahub/producerModes'
import { blankApi } from '../../../components/httpApi/apiModel'

/**
 * A fresh sub-model for a mode, every field of spec §3 present with its default: callback
 * strategy '1' (none), dataSynch 'all', batch get and retry flags '0', query type pageList,
 * request by GET. excel answers its list of one sheet.
 */
export function blankModel(mode: string): unknown {
  const properties: never[] = []
  switch (mode) {
    case 'http':
      return {
        httpParamsModel: blankApi('GET'),
        callbackHttpParamsModel: blankApi('POST'),
        callbackWSParamsModel: { wsdlUrl: '', methodName: '', namespace: '', parameters: [], headerMethodName: '', headerParameters: [] },
        callbackStrategy: '1',
        callbackReqType: '',
        callbackReqApi: '',
        callbackReqParam: '',
        requestType: 'GET',
        requestApi: '',
        requestParam: '',
        authenStatus: '0',
        authenId: '',
        dataStrategy: 'all',
        isRecordTaskTime: '0',
        taskTimeSourceType: '1',
        taskTimeSourceField: '',
        taskTimeSourceFormat: '',
        isPagination: '0',
        paginationParam: '',
        paginationLevel: '',
        paginationStop: 'auto',
        properties,
      }
    case 'serverApi':
    case 'serverApiWS':
      return {
        apiAddr: SERVER_API_ADDR,
        apiWSAddr: SERVER_API_WS_ADDR,
        authorization: { display: '0', appName: '', appCode: '', selectedAuth: '' },
        callbackStrategy: '1',
        callbackHttpParamsModel: blankApi('POST'),
        callbackWSParamsModel: { wsdlUrl: '', methodName: '', namespace: '', parameters: [], headerMethodName: '', headerParameters: [] },
        properties,
      }
    case 'webservice':
      return { wsdlUrl: '', methodName: '', namespace: '', serviceAddress: '', parameters: [], portName: '', headerMethodName: '', headerParameters: [], properties }
    case 'dblink':
      return {
        dataSourceName: '', dataGetMethod: '1', sortField: '', tableName: '', columnModelList: [], queryCondition: '', querySql: '', timestarpField: '', dataSynch: 'all',
        taskStartTime: '', batchGetData: '0', everyBatchCount: '', batchFailRetry: '0', failRetry: '0', queryType: 'pageList', profileField: '', lastUpdateTime: '',
        dataStoreType: '0', searchPageSize: '', properties,
      }
    case 'excel':
      return [{ sheetName: '', modelCodeCellIndex: '', headerRowNum: '', valueStartRowNum: '', properties }]
    case 'ldap':
      return { dataSourceName: '', base: '', queryCondition: '', resultFields: '', properties }
    case 'mq':
      return { dataSourceName: '', exchangeName: '', queueName: '', routingKey: '', brokerUrl: '', properties }
    case 'bigdata':
      return { dataSourceName: '', tableName: '', querySql: '', timestarpField: '', dataSynch: 'all', profileField: '', dataStoreType: '0', columnRow: '', properties }
    default:
      return null
  }
}
