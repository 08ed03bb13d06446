import { useMemo } from 'react'
import { processApproverNames } from '../../../../shared/contract/approvals/processes'
import type { ApproverNames } from '../../../../shared/contract/approvals/workbench'
import type { ProcessModel } from '../../../../shared/rules/approvals/process'
import { useHubQuery } from '../../../api/query'

/**
 * The names of whom the draft's approval nodes name by code, asked of the hub as the codes change
 * (ticking a role asks again; moving a node does not), so the canvas says who approves by name,
 * as the workbench's diagram does. Sorted codes: the same set is one question. Quiet: while it
 * loads or if it fails, the canvas shows the codes.
 */
export function useDraftApproverNames(model: ProcessModel): ApproverNames | undefined {
  const codes = useMemo(() => {
    const of = (pick: (a: NonNullable<ProcessModel['nodes'][number]['assignee']>) => string[]) =>
      [...new Set(model.nodes.flatMap((n) => (n.type === 'approval' && n.assignee ? pick(n.assignee) : [])))].sort()
    return { role: of((a) => (a.kind === 'role' ? a.roles : [])), position: of((a) => (a.kind === 'position' ? a.positions : [])), users: of((a) => (a.kind === 'users' ? a.users : [])) }
  }, [model.nodes])
  const none = codes.role.length + codes.position.length + codes.users.length === 0
  return useHubQuery(processApproverNames, codes, { quiet: true, enabled: !none }).data
}
