import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react'
import { makeStyles, mergeClasses, shorthands, Text, tokens } from '@fluentui/react-components'
import { ArrowSplitRegular, BranchForkRegular, PersonAvailableRegular, PlayCircleRegular, RecordStopRegular } from '@fluentui/react-icons'
import type { ApproverNames } from '../../../../shared/contract/approvals/workbench'
import type { ProcessNode } from '../../../../shared/rules/approvals/process'

/**
 * One node of a process drawn on a React Flow canvas, the same in the designer and on the
 * workbench's progress diagram: start and end as round marks, an approval as a box naming who
 * approves, a condition or a parallel branch as a dashed box. `status` marks progress (done / active);
 * `invalid` the designer's validation messages; the handles let the designer draw links.
 */
export type ProcessNodeData = {
  node: ProcessNode
  status?: 'done' | 'active' | 'pending'
  invalid?: boolean
  connectable: boolean
  /** Names of the codes the approval nodes name (the workbench's subject carries them); codes show where absent. */
  names?: ApproverNames
}
export type ProcessFlowNode = Node<ProcessNodeData, 'process'>

export const NODE_SIZE = { start: { width: 120, height: 44 }, end: { width: 120, height: 44 }, approval: { width: 180, height: 64 }, condition: { width: 160, height: 56 }, parallel: { width: 160, height: 56 } } as const

const useStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    width: '100%',
    height: '100%',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflow: 'hidden',
  },
  round: { borderRadius: tokens.borderRadiusCircular, justifyContent: 'center' },
  condition: { borderRadius: tokens.borderRadiusXLarge, ...shorthands.borderStyle('dashed') },
  selected: { outline: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  done: { backgroundColor: tokens.colorPaletteGreenBackground1, ...shorthands.borderColor(tokens.colorPaletteGreenBorderActive) },
  active: { backgroundColor: tokens.colorPaletteYellowBackground1, ...shorthands.borderColor(tokens.colorPaletteYellowBorderActive), ...shorthands.borderWidth(tokens.strokeWidthThick) },
  invalid: { ...shorthands.borderColor(tokens.colorPaletteRedBorderActive), ...shorthands.borderWidth(tokens.strokeWidthThick), backgroundColor: tokens.colorPaletteRedBackground1 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  name: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  sub: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  handle: { width: '8px', height: '8px', backgroundColor: tokens.colorNeutralStroke1 },
  hidden: { opacity: 0, pointerEvents: 'none' },
})

const ICONS = { start: PlayCircleRegular, end: RecordStopRegular, approval: PersonAvailableRegular, condition: BranchForkRegular, parallel: ArrowSplitRegular }

/**
 * Who approves, in a line: the roles, positions or users (by name where `names` has one, else by
 * code), or the organisation manager; and one or all.
 */
export function useAssigneeLine(): (node: ProcessNode, names?: ApproverNames) => string {
  const { t } = useTranslation()
  return (node, names) => {
    const a = node.assignee
    if (!a) return t('workflow:assignee_none')
    const codes = a.kind === 'role' ? a.roles : a.kind === 'position' ? a.positions : a.users
    const of = a.kind === 'orgManager' ? undefined : names?.[a.kind]
    const who = a.kind === 'orgManager' ? t('workflow:assignee_orgManager') : codes.map((c) => of?.[c] ?? c).join(', ') || t('workflow:assignee_none')
    return `${t(`workflow:assignee_${a.kind}`)}: ${who} · ${t(`workflow:mode_${node.mode}`)}`
  }
}

export const ProcessNodeView = memo(({ data, selected }: NodeProps<ProcessFlowNode>) => {
  const { t } = useTranslation()
  const styles = useStyles()
  const assignee = useAssigneeLine()
  const { node, status, invalid, connectable } = data
  const Icon = ICONS[node.type]
  const name = node.name || t(`workflow:node_${node.type}`)
  const handle = mergeClasses(styles.handle, !connectable && styles.hidden)
  return (
    <div
      className={mergeClasses(
        styles.root,
        (node.type === 'start' || node.type === 'end') && styles.round,
        (node.type === 'condition' || node.type === 'parallel') && styles.condition,
        status === 'done' && styles.done,
        status === 'active' && styles.active,
        invalid && styles.invalid,
        selected && styles.selected,
      )}
      data-node-id={node.id}
      data-status={status ?? ''}
      data-invalid={invalid ? 'true' : undefined}
      aria-label={`${t(`workflow:node_${node.type}`)} ${name}`}
    >
      {node.type !== 'start' && <Handle className={handle} type="target" position={Position.Left} isConnectable={connectable} />}
      <Icon fontSize={20} />
      <span className={styles.text}>
        <Text className={styles.name}>{name}</Text>
        {node.type === 'approval' && <Text className={styles.sub}>{assignee(node, data.names)}</Text>}
        {status && status !== 'pending' && <Text className={styles.sub}>{t(`workflow:progress_${status}`)}</Text>}
      </span>
      {node.type !== 'end' && <Handle className={handle} type="source" position={Position.Right} isConnectable={connectable} />}
    </div>
  )
})

export const processNodeTypes = { process: ProcessNodeView }
