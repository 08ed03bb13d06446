import { useTranslation } from 'react-i18next'
import { Checkbox, makeStyles, Select, Text, tokens } from '@fluentui/react-components'
import type { TreeNode } from '../../../shared/contract/platform/admin/common'
import { flattenTree } from '../resource'

const useStyles = makeStyles({
  list: {
    maxHeight: '200px',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalXS,
    // As tall as an input even with nothing in it: never a bare line (issue 24).
    minHeight: '32px',
    boxSizing: 'border-box',
  },
  empty: { display: 'block', padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, color: tokens.colorNeutralForeground3 },
})

/** Indentation that survives a native option (no CSS there): two no-break spaces per level. */
const indent = (depth: number): string => '\u00a0\u00a0'.repeat(depth)

export interface TreeSelectProps {
  nodes: readonly TreeNode[]
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  disabled?: boolean
  /** Ids that cannot be chosen (a node's own branch when choosing its parent). */
  exclude?: ReadonlySet<string>
  'aria-label'?: string
}

/** One node of a tree, as an indented native select with an empty "none" first. */
export function TreeSelect({ nodes, value, onChange, onBlur, disabled, exclude, ...aria }: TreeSelectProps) {
  const { t } = useTranslation()
  return (
    <Select value={value} disabled={disabled} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} {...aria}>
      <option value="">{t('admin:tree_none')}</option>
      {flattenTree(nodes).map(({ node, depth }) => (
        <option key={node.id} value={node.id} disabled={exclude?.has(node.id)}>
          {indent(depth) + node.name}
        </option>
      ))}
    </Select>
  )
}

export interface TreeChecklistProps {
  nodes: readonly TreeNode[]
  value: readonly string[]
  onChange: (value: string[]) => void
  disabled?: boolean
  label: string
  /** Said in the box when the tree has no nodes (once it is known to have none). */
  empty?: string
}

/** Several nodes of a tree: an indented list of checkboxes in a scroll box. */
export function TreeChecklist({ nodes, value, onChange, disabled, label, empty }: TreeChecklistProps) {
  const styles = useStyles()
  const chosen = new Set(value)
  return (
    <div role="group" aria-label={label} className={styles.list}>
      {nodes.length === 0 && empty && <Text className={styles.empty}>{empty}</Text>}
      {flattenTree(nodes).map(({ node, depth }) => (
        <div key={node.id} style={{ paddingLeft: `calc(${tokens.spacingHorizontalL} * ${depth})` }}>
          <Checkbox
            label={node.name}
            checked={chosen.has(node.id)}
            disabled={disabled}
            onChange={(_, d) => onChange(d.checked === true ? [...value, node.id] : value.filter((v) => v !== node.id))}
          />
        </div>
      ))}
    </div>
  )
}
