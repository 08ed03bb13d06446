import { Suspense } from 'react'
import { lazyChunk } from '../../../routing/lazyChunk'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, Switch, Tag, Text, tokens } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { splitTags } from '../../../components/tags'
import { useFlowActions } from './flowActions'
import { diagramHeight, DIAGRAM_WIDTH, ROW_HEADER } from './flowLayout'
import type { FlowRowModel } from './flowRow'

// xyflow and the boxes load with the first row shown, never with the login route.
const FlowDiagram = lazyChunk(() => import('./FlowDiagram'))

const useStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  head: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    height: `${ROW_HEADER}px`,
    boxSizing: 'border-box',
    padding: `0 ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  name: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  code: { color: tokens.colorNeutralForeground3 },
  tags: { display: 'flex', gap: tokens.spacingHorizontalXS, overflow: 'hidden', flexGrow: 1 },
  canvas: { overflowX: 'auto', overflowY: 'hidden' },
  placeholder: { backgroundColor: tokens.colorNeutralBackground2 },
})

export interface FlowRowProps {
  row: FlowRowModel
  detail: boolean
  onDetailChange: (detail: boolean) => void
  /** Place in the feed (the list mounts only some rows, so screen readers are told where this one is). */
  position: number
  setSize: number
}

/** One topic flow: a header (name, code, tags, detail switch, add consumer) over its diagram. */
export function FlowRow({ row, detail, onDetailChange, position, setSize }: FlowRowProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { addConsumer } = useFlowActions()
  const { topic } = row
  const height = diagramHeight(row.consumers.length, detail)
  return (
    <article className={styles.root} aria-label={t('flow:row_label', { name: topic.name, code: topic.code })} aria-posinset={position} aria-setsize={setSize}>
      <div className={styles.head}>
        <Text className={styles.name}>{topic.name}</Text>
        <Text className={styles.code}>{topic.code}</Text>
        <div className={styles.tags}>
          {splitTags(topic.tags).map((tag) => (
            <Tag key={tag} size="extra-small" appearance="outline">
              {tag}
            </Tag>
          ))}
        </div>
        <Button size="small" appearance="subtle" icon={<AddRegular />} onClick={() => addConsumer(row)}>
          {t('flow:action_add_consumer')}
        </Button>
        <Switch label={t('flow:detail_switch')} checked={detail} onChange={(_, d) => onDetailChange(d.checked)} />
      </div>
      <div className={styles.canvas}>
        <Suspense fallback={<div className={styles.placeholder} style={{ width: DIAGRAM_WIDTH, height }} />}>
          <FlowDiagram row={row} detail={detail} />
        </Suspense>
      </div>
    </article>
  )
}
