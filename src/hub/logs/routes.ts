import * as contract from '../../shared/contract/platform/logs'
import { endpointsIn } from '../../shared/endpoint'
import { routesFor } from '../http/routeMaps'
import { auditLogExport, auditLogList, behaviourEventList, clientErrorLogList, sysLogList } from './logs'

/** The operation logs' lists and the audit log's export. */
export const logRoutes = routesFor(endpointsIn(contract), { auditLogList, auditLogExport, sysLogList, clientErrorLogList, behaviourEventList })
