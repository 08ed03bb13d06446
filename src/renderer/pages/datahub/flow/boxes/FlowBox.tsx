import type { ReactElement, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, makeStyles, mergeClasses, shorthands, Text, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderTopWidth: tokens.strokeWidthThickest,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
  // Spec: status colour of the tile, tokens only.
  grey: { borderTopColor: tokens.colorNeutralStroke1Hover, backgroundColor: tokens.colorNeutralBackground3 },
  green: { borderTopColor: tokens.colorPaletteGreenBorderActive, backgroundColor: tokens.colorPaletteGreenBackground1 },
  blank: { ...shorthands.borderStyle('dashed'), boxShadow: 'none', backgroundColor: tokens.colorNeutralBackground2 },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  badges: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  kind: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  title: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  details: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalS, margin: 0, fontSize: tokens.fontSizeBase200 },
  // dt/dd pairs wrapped for React keys; the wrapper must not break the two-column grid.
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXXS, marginTop: 'auto' },
})

export interface BoxAction {
  id: string
  label: string
  icon: ReactElement
  onClick: () => void
  disabled?: boolean
}

export interface FlowBoxProps {
  /** Accessible name of the box (kind and name): the group its buttons belong to. */
  label: string
  kindLabel: string
  title: string
  statusLabel: string
  running: boolean
  blank?: boolean
  details?: readonly [string, string][]
  actions: readonly BoxAction[]
  className?: string
  /** Beside the status: the "changing" mark of an object under review (issue 19). */
  mark?: ReactNode
  children?: ReactNode
}

/** One box of a flow row: kind, status, name, detail lines, action buttons. */
export function FlowBox({ label, kindLabel, title, statusLabel, running, blank = false, details, actions, className, mark, children }: FlowBoxProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <div
      role="group"
      aria-label={label}
      data-tone={running ? 'green' : 'grey'}
      className={mergeClasses(styles.root, running ? styles.green : styles.grey, blank && styles.blank, className)}
    >
      <div className={styles.head}>
        <Text className={styles.kind}>{kindLabel}</Text>
        <span className={styles.badges}>
          {mark}
          <Badge appearance="tint" color={running ? 'success' : 'informative'} size="small">
            {statusLabel}
          </Badge>
        </span>
      </div>
      <Text className={styles.title} title={title}>
        {title}
      </Text>
      {details && details.length > 0 && (
        <dl className={styles.details}>
          {details.map(([term, value]) => (
            <div key={term} className={styles.pair}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value} title={value}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {children}
      {/* nodrag/nopan: clicks on the buttons must not start a pan of the diagram. Named with their
          object (issue 44 item 5): a list of buttons reads 编辑生产者 ERP系统, not five times 编辑. */}
      <div className={mergeClasses(styles.actions, 'nodrag', 'nopan')}>
        {actions.map((a) => (
          <Button key={a.id} size="small" appearance="subtle" icon={a.icon} aria-label={t('flow:action_named', { action: a.label, object: label })} title={a.label} disabled={a.disabled} onClick={a.onClick} />
        ))}
      </div>
    </div>
  )
}
