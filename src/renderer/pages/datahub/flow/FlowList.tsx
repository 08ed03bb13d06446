import { useCallback, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useVirtualizer } from '@tanstack/react-virtual'
import { makeStyles, Text, tokens } from '@fluentui/react-components'
import { ROW_GAP, rowHeight } from './flowLayout'
import type { FlowRowModel } from './flowRow'
import { FlowRow } from './FlowRow'

const useStyles = makeStyles({
  scroller: { flexGrow: 1, minHeight: '320px', overflowY: 'auto', overflowX: 'hidden', position: 'relative' },
  inner: { position: 'relative', width: '100%' },
  item: { position: 'absolute', top: 0, left: 0, width: '100%', paddingBottom: `${ROW_GAP}px`, boxSizing: 'border-box' },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
})

export interface FlowListProps {
  rows: readonly FlowRowModel[]
  /** Topic ids whose row shows its detail mode. */
  detailed: ReadonlySet<string>
  onDetailChange: (topicId: string, detail: boolean) => void
  label: string
}

/**
 * The topic flows, virtualised: only the rows in view (plus a couple either side) are mounted,
 * so a long list never mounts one diagram per topic. Row heights come from the layout (fixed box
 * sizes), not from measuring, so nothing jumps while scrolling.
 */
export function FlowList({ rows, detailed, onDetailChange, label }: FlowListProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const scroller = useRef<HTMLDivElement>(null)
  const estimateSize = useCallback((i: number) => rowHeight(rows[i]!, detailed.has(rows[i]!.topic.id)), [rows, detailed])
  const getItemKey = useCallback((i: number) => rows[i]!.topic.id, [rows])
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    overscan: 2,
  })
  // Sizes are not measured: when a row changes height (detail mode, a consumer added) say so.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, estimateSize])
  if (rows.length === 0) {
    return <Text className={styles.empty}>{t('widgets:empty')}</Text>
  }
  return (
    <div ref={scroller} className={styles.scroller} role="feed" aria-label={label} aria-busy={false}>
      <div className={styles.inner} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!
          return (
            <div key={item.key} className={styles.item} style={{ transform: `translateY(${item.start}px)`, height: item.size }}>
              <FlowRow position={item.index + 1} setSize={rows.length} row={row} detail={detailed.has(row.topic.id)} onDetailChange={(d) => onDetailChange(row.topic.id, d)} />
            </div>
          )
        })}
      </div>
    </div>
  )
}
