import * as mailCalls from '../../shared/contract/approvals/mailApproval'
import * as processCalls from '../../shared/contract/approvals/processes'
import * as processTypeCalls from '../../shared/contract/approvals/processTypes'
import * as workbenchCalls from '../../shared/contract/approvals/workbench'
import { endpointsIn } from '../../shared/endpoint'
import type { Route } from '../http/context'
import { routesFor } from '../http/routeMaps'
import { approveCommon, approveDetail, approveDetailH5 } from './mail/handlers'
import { processAdd, processApproverNames, processCopy, processImportBpmn, processDelete, processDeploy, processDeployments, processDetail, processList, processListLatest, processListSubject, processUpdate } from './processes'
import { processTypeCreate, processTypeDelete, processTypeGet, processTypeList, processTypeUpdate, processVariableList } from './processTypes'
import { roleApprovalList, roleApprovalMine, roleApprovalSave } from './roleApprovals'
import { changingObjects, pendingCount, subjectDetail, subjectList, subjectUndo, taskApprove, taskReject } from './workbench'

/** The approval workflow's handlers, one per endpoint of each contract module (shared/contract/approvals/). */
export const approvalRoutes: readonly Route[] = [
  ...routesFor(endpointsIn(processTypeCalls), { processTypeList, processTypeGet, processTypeCreate, processTypeUpdate, processTypeDelete, processVariableList }),
  ...routesFor(endpointsIn(processCalls), {
    processList,
    processDetail,
    processAdd,
    processUpdate,
    processDeploy,
    processDeployments,
    processCopy,
    processImportBpmn,
    processListSubject,
    processListLatest,
    processApproverNames,
    processDelete,
    roleApprovalList,
    roleApprovalSave,
    roleApprovalMine,
  }),
  ...routesFor(endpointsIn(workbenchCalls), { subjectList, subjectDetail, pendingCount, changingObjects, taskApprove, taskReject, subjectUndo }),
  ...routesFor(endpointsIn(mailCalls), { approveDetail, approveDetailH5, approveCommon }),
]
