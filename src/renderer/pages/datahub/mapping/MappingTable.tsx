import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useVirtualizer } from '@tanstack/react-virtual'
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components'
import { MAPPING_ROW_HEIGHT, MappingRowView, useMappingGridStyles } from './MappingRowView'
import type { RowMark } from './mappingCheck'
import type { MappingTableState } from './useMappingTable'

/** Part 2 §9: "Mapping table height 350". */
export const MAPPING_TABLE_HEIGHT = 350

const useStyles = makeStyles({
  table: { border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium },
  head: {
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  scroller: { height: `${MAPPING_TABLE_HEIGHT}px`, overflowY: 'auto', position: 'relative' },
  inner: { position: 'relative', width: '100%' },
  // In place of the rows, the same height, but outside the table (issue 44: text straight in a
  // row group breaks the table for a screen reader).
  empty: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    height: `${MAPPING_TABLE_HEIGHT}px`,
    padding: `0 ${tokens.spacingHorizontalXXL}`,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
})

/**
 * The mapping rows, virtualised (@tanstack/react-virtual): whatever the row count, only the rows in
 * view and a few either side are mounted, so 100k rows stay responsive. Rows sort by dragging
 * their handle (@dnd-kit, pointer or keyboard); the new position is the drop index + 1.
 */
export function MappingTable({ table, disabled, marks }: { table: MappingTableState; disabled: boolean; marks?: ReadonlyMap<number, RowMark> | undefined }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const grid = useMappingGridStyles()
  const scroller = useRef<HTMLDivElement>(null)
  const { rows, move } = table
  // dnd-kit's live region and instructions (role=status) go beside the table, not into its row
  // group; still inside the dialog, so the modal does not hide them from assistive technology.
  const [announcer, setAnnouncer] = useState<HTMLDivElement | null>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => MAPPING_ROW_HEIGHT,
    getItemKey: (i) => rows[i]!.id,
    overscan: 4,
  })
  // Rows added (a new row, an import) go to the end: show them.
  const shownCount = useRef(rows.length)
  useEffect(() => {
    if (rows.length > shownCount.current) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' })
    shownCount.current = rows.length
  }, [rows.length, virtualizer])
  // A refused save scrolls to the first row with an empty cell.
  const { attention } = table
  useEffect(() => {
    if (attention) virtualizer.scrollToIndex(attention.row, { align: 'center' })
  }, [attention, virtualizer])
  const ids = useMemo(() => rows.map((r) => r.id), [rows])
  const indexOf = useMemo(() => new Map(ids.map((id, i) => [id, i])), [ids])
  const sensors = useSensors(
    // A small distance so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const onDragEnd = useCallback(
    (e: DragEndEvent) => {
      if (!e.over) return
      const from = indexOf.get(Number(e.active.id))
      const to = indexOf.get(Number(e.over.id))
      if (from != null && to != null) move(from, to)
    },
    [indexOf, move],
  )
  const position = (id: string | number) => (indexOf.get(Number(id)) ?? 0) + 1
  const announcements = {
    onDragStart: ({ active }: { active: { id: string | number } }) => t('mapping:drag_start', { position: position(active.id) }),
    onDragOver: ({ over }: { over: { id: string | number } | null }) => (over ? t('mapping:drag_over', { position: position(over.id) }) : ''),
    onDragEnd: ({ over }: { over: { id: string | number } | null }) => (over ? t('mapping:drag_end', { position: position(over.id) }) : ''),
    onDragCancel: () => t('mapping:drag_cancel'),
  }

  return (
    <div className={styles.table}>
      <div role="table" aria-label={t('mapping:table_label')} aria-rowcount={rows.length + 1}>
        <div role="row" aria-rowindex={1} className={mergeClasses(grid.grid, styles.head)}>
          <span role="columnheader" />
          <span role="columnheader">{t('mapping:col_position')}</span>
          <span role="columnheader">{t('mapping:col_source')}</span>
          <span role="columnheader">{t('mapping:col_target')}</span>
          <span role="columnheader">{t('mapping:col_actions')}</span>
        </div>
        <div ref={scroller} className={rows.length === 0 ? undefined : styles.scroller} role="rowgroup">
          {rows.length > 0 && announcer && (
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, container: announcer }}>
              <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
                <div className={styles.inner} style={{ height: virtualizer.getTotalSize() }}>
                  {virtualizer.getVirtualItems().map((item) => {
                    const row = rows[item.index]!
                    return (
                      <MappingRowView
                        key={row.id}
                        row={row}
                        index={item.index}
                        count={rows.length}
                        start={item.start}
                        sourceError={table.errorOf(row, 'sourceFieldName')}
                        targetError={table.errorOf(row, 'targetFieldName')}
                        mark={marks?.get(row.id)}
                        disabled={disabled}
                        onChange={table.update}
                        onBlur={table.blur}
                        onMove={move}
                        onRemove={table.remove}
                      />
                    )
                  })}
                </div>
              </SortableContext>
            </DndContext>
          )}
        </div>
      </div>
      {rows.length === 0 && <Text className={styles.empty}>{t('mapping:empty')}</Text>}
      <div ref={setAnnouncer} />
    </div>
  )
}
