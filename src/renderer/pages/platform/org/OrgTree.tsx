import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { TreeNode } from '../../../../shared/contract/platform/admin/common'
import { flattenTree } from '../../../admin/resource'

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  node: {
    display: 'block',
    width: '100%',
    textAlign: 'start',
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  selected: { backgroundColor: tokens.colorBrandBackground2, fontWeight: tokens.fontWeightSemibold },
  abnormal: { color: tokens.colorNeutralForeground3 },
})

/** The organisation tree as a list of indented buttons (every node shown; the filter narrows it). */
export function OrgTree({ nodes, selected, onSelect, label }: { nodes: readonly TreeNode[]; selected: string | null; onSelect: (id: string) => void; label: string }) {
  const styles = useStyles()
  return (
    <ul className={styles.list} aria-label={label}>
      {flattenTree(nodes).map(({ node, depth }) => (
        <li key={node.id}>
          <button
            type="button"
            aria-current={node.id === selected ? 'true' : undefined}
            className={mergeClasses(styles.node, node.id === selected && styles.selected, node.status !== '1' && styles.abnormal)}
            style={{ paddingLeft: `calc(${tokens.spacingHorizontalL} * ${depth + 1})` }}
            onClick={() => onSelect(node.id)}
            // A record's name, in whatever language it was typed: not for translators (or checks) of the console's text.
            translate="no"
          >
            {node.name}
          </button>
        </li>
      ))}
    </ul>
  )
}
