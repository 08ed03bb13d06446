import { useTranslation } from 'react-i18next'
import { useDraggable } from '@dnd-kit/core'
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { ArrowSplitRegular, BranchForkRegular, PersonAvailableRegular, PlayCircleRegular, RecordStopRegular } from '@fluentui/react-icons'
import type { NodeType } from '../../../../shared/rules/approvals/process'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, width: '128px' },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  item: { justifyContent: 'flex-start', cursor: 'grab', touchAction: 'none' },
  dragging: { opacity: 0.4 },
})

export const PALETTE: readonly NodeType[] = ['start', 'approval', 'condition', 'parallel', 'end']
const ICONS = { start: <PlayCircleRegular />, approval: <PersonAvailableRegular />, condition: <BranchForkRegular />, parallel: <ArrowSplitRegular />, end: <RecordStopRegular /> }

/** The drag data of a palette item: the node type it makes where it is dropped. */
export interface PaletteDrag {
  nodeType: NodeType
}

function PaletteItem({ type, onAdd }: { type: NodeType; onAdd: (type: NodeType) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: `palette-${type}`, data: { nodeType: type } satisfies PaletteDrag })
  return (
    <Button
      ref={setNodeRef}
      {...listeners}
      className={isDragging ? `${styles.item} ${styles.dragging}` : styles.item}
      icon={ICONS[type]}
      // A click (or Enter) adds the node in view: the keyboard's way in, beside dragging.
      onClick={() => onAdd(type)}
      data-palette={type}
    >
      {t(`workflow:node_${type}`)}
    </Button>
  )
}

/** The designer's palette: drag a node type onto the canvas (or click it to add it in view). */
export function Palette({ onAdd }: { onAdd: (type: NodeType) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <div className={styles.root} role="group" aria-label={t('workflow:palette')}>
      <Text weight="semibold">{t('workflow:palette')}</Text>
      {PALETTE.map((type) => (
        <PaletteItem key={type} type={type} onAdd={onAdd} />
      ))}
      <Text className={styles.hint}>{t('workflow:palette_hint')}</Text>
    </div>
  )
}

export const PALETTE_ICONS = ICONS
