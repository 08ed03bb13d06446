import type { TFunction } from 'i18next'
import type { NodeType } from '../../../../shared/rules/approvals/process'

/** A node as people know it: its name, or — left unnamed in the designer — its kind (审批节点), never its generated id (approval_1). */
export const nodeCaption = (t: TFunction, node: { name: string; type: NodeType }): string => node.name || t(`workflow:node_${node.type}`)
