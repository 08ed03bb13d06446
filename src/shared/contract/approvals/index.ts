import type { Endpoint } from '../../endpoint'
import { endpointsIn } from '../../endpoint'
import * as mailApproval from './mailApproval'
import * as processes from './processes'
import * as processTypes from './processTypes'
import * as workbench from './workbench'

export * from './permissions'

/** The approval workflow's calls (issue 19). */
export const approvalEndpoints = {
  ...endpointsIn(processTypes),
  ...endpointsIn(processes),
  ...endpointsIn(workbench),
  ...endpointsIn(mailApproval),
} satisfies Record<string, Endpoint>
